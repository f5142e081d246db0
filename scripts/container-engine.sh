# shellcheck shell=bash
# shellcheck disable=SC2034 # ENGINE and REASON are for the scripts that source this.
# Sourced by scripts/image.sh and scripts/test-image.sh: pick_engine sets ENGINE
# (CONTAINER_ENGINE, else docker where it answers, else podman, installed when
# missing) and for podman CONTAINERS_CONF; it returns 1 with REASON when none.
# Rootless podman also needs newuidmap and slirp4netns.
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
