# shellcheck shell=bash
# shellcheck disable=SC2034 # ENGINE and REASON are for the scripts that source this.
# Sourced by scripts/image.sh and scripts/test-image.sh: picks the container
# engine. Docker where an engine answers (`docker info`), else podman, which
# is installed from Debian's packages when missing, as root or through sudo
# (scripts/apt-install.sh). CONTAINER_ENGINE=docker or
# podman forces one.
#
# pick_engine sets ENGINE, and for podman exports CONTAINERS_CONF (the
# project's deploy/podman/containers.conf); it returns 1 with REASON set
# when no engine can be had.

# The packages podman needs on Debian: runc (our containers.conf names it),
# netavark and aardvark-dns for port publishing, iptables for netavark; as a
# user other than root (rootless podman, e.g. a CI runner with sudo for the
# install only) also newuidmap (uidmap) for the user's subordinate ids and
# slirp4netns for the containers' network.
PODMAN_PACKAGES=(podman runc netavark aardvark-dns iptables)
PODMAN_COMMANDS=(podman runc)
if [[ "$(id -u)" != 0 ]]; then
  PODMAN_PACKAGES+=(uidmap slirp4netns)
  PODMAN_COMMANDS+=(newuidmap slirp4netns)
fi

pick_engine() {
  local root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  ENGINE=${CONTAINER_ENGINE:-}
  REASON=
  if [[ -z "$ENGINE" ]] && command -v docker >/dev/null && docker info >/dev/null 2>&1; then
    ENGINE=docker
  fi
  if [[ -z "$ENGINE" || "$ENGINE" == podman ]]; then
    ENGINE=podman
    local cmd missing=0
    for cmd in "${PODMAN_COMMANDS[@]}"; do command -v "$cmd" >/dev/null || missing=1; done
    if ((missing)); then
      # As root or through sudo (scripts/apt-install.sh).
      if ! "$root/scripts/apt-install.sh" "${PODMAN_PACKAGES[@]}"; then
        REASON="no container engine: docker does not answer and podman could not be installed (sudo apt-get install ${PODMAN_PACKAGES[*]})"
        return 1
      fi
    fi
    export CONTAINERS_CONF="$root/deploy/podman/containers.conf"
  fi
  if ! command -v "$ENGINE" >/dev/null; then
    REASON="CONTAINER_ENGINE=$ENGINE: no such command"
    return 1
  fi
  return 0
}
