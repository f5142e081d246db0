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
if ! compgen -G 'bin/image/*/*/site' >/dev/null; then
  echo "image: bin/image/<os>/<arch>/site is missing: run make image-bin first" >&2
  exit 1
fi
if ! pick_engine; then
  echo "image: $REASON" >&2
  exit 1
fi
args=(build -t "$image")
if [[ "$ENGINE" == podman ]]; then
  args+=(--pull=never --build-arg TARGETOS=linux)
fi
"$ENGINE" "${args[@]}" "$@" . >&2
echo "image: built $image with $ENGINE ($("$ENGINE" image inspect -f '{{.Size}}' "$image") bytes)" >&2
if [[ "$ENGINE" == podman ]]; then
  # As root, a plain `make image` installs the project's settings as a drop-in.
  dropin=/etc/containers/containers.conf.d/50-veldhaven-site.conf
  if [[ -z "$caller_conf" && "$(id -u)" == 0 && ! -e "$dropin" ]]; then
    mkdir -p "$(dirname "$dropin")"
    cp deploy/podman/containers.conf "$dropin"
    echo "image: installed podman's settings for this machine as $dropin (runc, cgroupfs, file logs, ulimits)" >&2
  fi
  if [[ -e "$dropin" ]]; then
    echo "image: run it with podman run --rm -p 127.0.0.1:8080:8080 $image" >&2
  else
    echo "image: run it with CONTAINERS_CONF=deploy/podman/containers.conf podman run --rm -p 127.0.0.1:8080:8080 $image" >&2
  fi
else
  echo "image: run it with docker run --rm -p 127.0.0.1:8080:8080 $image" >&2
fi
