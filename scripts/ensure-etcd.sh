#!/usr/bin/env bash
# etcd 3.4 or newer for make test-kube: ETCD or the one on PATH, else Debian's
# etcd-server (the test starts its own on its own ports).
set -euo pipefail
cd "$(dirname "$0")/.."
etcd=${ETCD:-etcd}
new_enough() {
  "$etcd" --version 2>/dev/null | awk '/^etcd Version:/ { split($3, v, "."); ok = v[1] > 3 || (v[1] == 3 && v[2] >= 4) } END { exit !ok }'
}
new_enough && exit 0
scripts/apt-install.sh etcd-server || { echo "ensure-etcd: the Kubernetes test needs etcd 3.4 or newer on PATH (or ETCD=<path>)" >&2; exit 1; }
new_enough || { echo "ensure-etcd: etcd-server installed, but '$etcd --version' is not 3.4 or newer" >&2; exit 1; }
