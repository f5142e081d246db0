#!/usr/bin/env bash
# `make edit`: the editor at http://localhost:8080/admin/ against this working
# tree. Decap's local backend (decap-server) reads and writes the content files;
# bin/site serves the editor with `local_backend` in its config. Both listen on
# 127.0.0.1 only. A save writes content/; `make build` then shows the change.
# EDIT_PORT and DECAP_PORT move the two ports (the editor's e2e tests use them).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
edit_port=${EDIT_PORT:-8080}
decap_port=${DECAP_PORT:-8081}
backend="http://127.0.0.1:${decap_port}/api/v1"

# Decap's file-system backend (saves write the files in place: no branches, no
# commits, so the working tree shows every change to git as usual) behind a
# guard that answers only the editor on this machine: Host 127.0.0.1 or
# localhost on its port, Origin (when sent) the editor's own; anything else,
# such as a page elsewhere reaching the port through DNS rebinding, gets 403
# (web/scripts/decap-local.mjs, SECURITY.md).
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
