#!/usr/bin/env bash
# Makes sure make test-kube has etcd 3.4 or newer for its control plane: the
# one on PATH (or $ETCD), else the distribution's etcd-server (Debian; Ubuntu's
# universe on GitHub's runners), installed as root or through sudo
# (scripts/apt-install.sh). Nothing is started here; the test runs it on
# loopback.
set -euo pipefail
cd "$(dirname "$0")/.."
etcd=${ETCD:-etcd}
version() { "$etcd" --version 2>/dev/null | sed -n 's/^etcd Version: \([0-9]*\)\.\([0-9]*\).*/\1 \2/p'; }
new_enough() {
  local v
  v=$(version)
  [[ -n "$v" ]] || return 1
  read -r major minor <<<"$v"
  ((major > 3 || (major == 3 && minor >= 4)))
}
if command -v "$etcd" >/dev/null && new_enough; then exit 0; fi
if ! scripts/apt-install.sh etcd-server; then
  echo "ensure-etcd: the Kubernetes test needs etcd 3.4 or newer on PATH (or ETCD=<path>)" >&2
  exit 1
fi
# Debian's package starts a system etcd where systemd runs; the test starts
# its own on its own ports, so that one is left alone.
new_enough || {
  echo "ensure-etcd: etcd-server installed, but '$etcd --version' is not 3.4 or newer" >&2
  exit 1
}
