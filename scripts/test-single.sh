#!/usr/bin/env bash
# make test-single: deploy/single's unit and podman's auto-update timer with its
# drop-in through `systemd-analyze verify`, which fails here on any line it prints.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v systemd-analyze >/dev/null || scripts/apt-install.sh systemd
command -v podman >/dev/null || scripts/apt-install.sh podman runc netavark aardvark-dns iptables
timer=
for dir in /usr/lib/systemd/system /lib/systemd/system; do
  [[ -e "$dir/podman-auto-update.timer" ]] && timer=$dir && break
done
[[ -n "$timer" ]] || { echo "test-single: podman's podman-auto-update.timer is not installed" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp deploy/single/veldhaven-site.service "$timer/podman-auto-update.timer" "$timer/podman-auto-update.service" "$work/"
cp -r deploy/single/podman-auto-update.timer.d "$work/"
# The units from $work first, then systemd's own (the trailing colon).
if ! out=$(SYSTEMD_UNIT_PATH="$work:" systemd-analyze verify "$work/veldhaven-site.service" "$work/podman-auto-update.timer" 2>&1) || [[ -n "$out" ]]; then
  echo "test-single: systemd-analyze verify:" >&2
  echo "${out//$work/deploy\/single}" >&2
  exit 1
fi
echo "test-single: deploy/single/veldhaven-site.service and podman-auto-update.timer.d: systemd-analyze verify is clean"
