#!/usr/bin/env bash
# make image: scripts/image.sh IMAGE [BUILD-OPTION...] builds the image from
# bin/image (make image-bin), offline; the options go to the engine's build.
set -euo pipefail
cd "$(dirname "$0")/.."
caller_conf=${CONTAINERS_CONF:-}
# shellcheck source=scripts/container-engine.sh
source scripts/container-engine.sh

image=${1:?usage: scripts/image.sh IMAGE [BUILD-OPTION...]}
shift
compgen -G 'bin/image/*/*/site' >/dev/null || { echo "image: bin/image/<os>/<arch>/site is missing: run make image-bin first" >&2; exit 1; }
pick_engine || { echo "image: $REASON" >&2; exit 1; }
[[ "$ENGINE" != podman ]] || set -- --pull=never --build-arg TARGETOS=linux "$@"
"$ENGINE" build -t "$image" "$@" . >&2
echo "image: built $image with $ENGINE ($("$ENGINE" image inspect -f '{{.Size}}' "$image") bytes)" >&2
run="$ENGINE run --rm -p 127.0.0.1:8080:8080 $image"
dropin=/etc/containers/containers.conf.d/50-veldhaven-site.conf
# As root, a plain `make image` installs the project's podman settings as a drop-in.
if [[ "$ENGINE" == podman && -z "$caller_conf" && "$(id -u)" == 0 && ! -e "$dropin" ]]; then
  mkdir -p "$(dirname "$dropin")"
  cp deploy/podman/containers.conf "$dropin"
  echo "image: installed podman's settings for this machine as $dropin (runc, cgroupfs, file logs, ulimits)" >&2
fi
[[ "$ENGINE" != podman || -e "$dropin" ]] || run="CONTAINERS_CONF=deploy/podman/containers.conf $run"
echo "image: run it with $run" >&2
