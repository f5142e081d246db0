#!/usr/bin/env bash
# make image: the site's image from the bin/site that `make build` wrote
# (make image-bin copies it to bin/image/<os>/<arch>/site), offline: the
# Dockerfile is FROM scratch, nothing is pulled. Usage: scripts/image.sh IMAGE [BUILD-OPTION...], IMAGE a
# name:tag; the options go to the engine's build (test-image adds a label).
set -euo pipefail
cd "$(dirname "$0")/.."
# A caller that names podman's settings (scripts/test-image.sh) manages them;
# only a plain `make image` installs them for the machine (below).
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
  # --pull=never: a base image to fetch is an error, not a download.
  # buildah sets TARGETARCH but not TARGETOS.
  args+=(--pull=never --build-arg TARGETOS=linux)
fi
"$ENGINE" "${args[@]}" "$@" . >&2
echo "image: built $image with $ENGINE ($("$ENGINE" image inspect -f '{{.Size}}' "$image") bytes)" >&2
if [[ "$ENGINE" == podman ]]; then
  # So that a plain `podman run` of the image works afterwards too, as root
  # the project's settings become a drop-in of the machine's podman (read
  # for root from containers.conf.d), unless one of that name is there or
  # the caller named its own settings.
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
