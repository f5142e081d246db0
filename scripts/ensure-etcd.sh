#!/usr/bin/env bash
# etcd 3.4 or newer for make test-kube: ETCD or the one on PATH, else Debian's
# etcd-server (the test starts its own on its own ports).
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
new_enough || {
  echo "ensure-etcd: etcd-server installed, but '$etcd --version' is not 3.4 or newer" >&2
  exit 1
}
