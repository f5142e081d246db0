#!/usr/bin/env bash
# scripts/apt-install.sh [--with-recommends] PACKAGE...: as root or through
# passwordless sudo (GitHub's runners); else it says what to run and fails.
set -euo pipefail
recommends=(--no-install-recommends)
if [[ "${1:-}" == --with-recommends ]]; then
  recommends=()
  shift
fi
if (($# == 0)); then
  echo "usage: scripts/apt-install.sh [--with-recommends] PACKAGE..." >&2
  exit 2
fi
if ! command -v apt-get >/dev/null; then
  echo "apt-install: no apt-get on this system: install $* with its package manager" >&2
  exit 1
fi
if [[ "$(id -u)" == 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "apt-install: installing $* needs root or passwordless sudo; run: sudo apt-get install $*" >&2
  exit 1
fi
echo "apt-install: installing $*${as_root:+ (through sudo)}" >&2
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${recommends[@]}" "$@" >/dev/null
