#!/usr/bin/env bash
# `make edit`: the editor at http://localhost:8080/admin/ saving into this working
# tree through Decap's local backend; both on 127.0.0.1 (EDIT_PORT, DECAP_PORT).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
edit_port=${EDIT_PORT:-8080}
decap_port=${DECAP_PORT:-8081}
backend="http://127.0.0.1:${decap_port}/api/v1"

# Saves write the files in place; a guard answers only the editor on this
# machine (web/scripts/decap-local.mjs, SECURITY.md).
GIT_REPO_DIRECTORY="$root" DECAP_PORT="$decap_port" EDIT_PORT="$edit_port" LOG_LEVEL=warn \
  node web/scripts/decap-local.mjs &
decap=$!
trap 'kill "$decap" 2>/dev/null || true' EXIT INT TERM

for _ in $(seq 100); do
  if curl -fs -o /dev/null -X POST -H 'Content-Type: application/json' -d '{"action":"info"}' "$backend"; then
    break
  fi
  kill -0 "$decap" 2>/dev/null || { echo "edit: decap-server did not start" >&2; exit 1; }
  sleep 0.1
done

echo "Editor: http://localhost:${edit_port}/admin/ (Ctrl-C to stop)"
./bin/site -addr "127.0.0.1:${edit_port}" -cms-local-backend "$backend"
