#!/usr/bin/env bash
# IMAGE=ghcr.io/<owner>/<repo> IMAGE_DIGEST=sha256:<hex> scripts/promote.sh: the
# single host's tag `live` moves to the release's image (podman auto-update pulls it).
set -euo pipefail
image=${IMAGE:?IMAGE: the image repository, e.g. ghcr.io/veldhaven/site}
digest=${IMAGE_DIGEST:?IMAGE_DIGEST: the digest the release built}
if ! [[ "$digest" =~ ^sha256:[0-9a-f]{64}$ ]]; then
  echo "promote: IMAGE_DIGEST '$digest': want sha256:<64 hex digits>" >&2
  exit 1
fi
# The registry wants lower case, as metadata-action wrote it.
image=${image,,}
docker buildx imagetools create --tag "$image:live" "$image@$digest"
echo "promote: $image:live is now $digest"
