#!/usr/bin/env bash
# scripts/apt-install.sh [--with-recommends] PACKAGE...: as root or through
# passwordless sudo (GitHub's runners); else it says what to run and fails.
set -euo pipefail
recommends=(--no-install-recommends)
[[ "${1:-}" != --with-recommends ]] || { recommends=() && shift; }
(($#)) || { echo "usage: scripts/apt-install.sh [--with-recommends] PACKAGE..." >&2; exit 2; }
command -v apt-get >/dev/null || { echo "apt-install: no apt-get on this system: install $* with its package manager" >&2; exit 1; }
as_root=()
if [[ "$(id -u)" != 0 ]]; then
  as_root=(sudo -n)
  if ! { command -v sudo >/dev/null && sudo -n true 2>/dev/null; }; then
    echo "apt-install: installing $* needs root or passwordless sudo; run: sudo apt-get install $*" >&2
    exit 1
  fi
fi
echo "apt-install: installing $*${as_root:+ (through sudo)}" >&2
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${recommends[@]}" "$@" >/dev/null
