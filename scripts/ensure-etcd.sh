#!/usr/bin/env bash
# Makes sure make test-kube has etcd 3.4 or newer for its control plane: the
# one on PATH (or $ETCD), else Debian's etcd-server when we are root. Nothing
# is started here; the test runs it on loopback.
set -euo pipefail
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
if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
  echo "ensure-etcd: installing Debian's etcd-server" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends etcd-server >/dev/null
  # Debian's package starts a system etcd where systemd runs; the test
  # starts its own on its own ports, so that one is left alone.
  new_enough || { echo "ensure-etcd: etcd-server installed, but '$etcd --version' is not 3.4 or newer" >&2; exit 1; }
  exit 0
fi
echo "ensure-etcd: the Kubernetes test needs etcd 3.4 or newer: apt-get install etcd-server (as root)" >&2
exit 1
