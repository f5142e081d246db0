#!/usr/bin/env bash
# make bench: installs wrk, nginx and Chromium when missing, builds (unless
# BENCH_SKIP_BUILD=1), then runs web/scripts/bench.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || missing+=(nginx-light)
if ((${#missing[@]})); then
  scripts/apt-install.sh "${missing[@]}" || exit 1
  # The package starts a system nginx on port 80; the bench runs its own.
  if [[ " ${missing[*]} " == *" nginx-light "* ]] && command -v systemctl >/dev/null; then
    sudo -n systemctl disable --now nginx >/dev/null 2>&1 || systemctl disable --now nginx >/dev/null 2>&1 || true
  fi
fi
./scripts/ensure-chromium.sh
if [[ "${BENCH_SKIP_BUILD:-}" == 1 ]]; then make --no-print-directory deps; else make --no-print-directory build; fi
exec web/node_modules/.bin/node web/scripts/bench.mjs "$@"
