#!/usr/bin/env bash
# scripts/copy-tree.sh DEST: a copy of this working tree as `make build` left it,
# uncommitted edits and the build's output included, every time kept (make
# compares times), for tests that edit and rebuild (make test-build).
set -euo pipefail
dest=${1:?usage: scripts/copy-tree.sh DEST}
cd "$(dirname "$0")/.."
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)

# A file deleted in the working tree is still in git's index: skip it.
git ls-files -z --cached --others --exclude-standard --deduplicate |
  while IFS= read -r -d '' f; do [[ -e "$f" || -L "$f" ]] && printf '%s\0' "$f"; done |
  xargs -0 --no-run-if-empty cp -p --parents --no-dereference -t "$dest"

for out in .make bin web/dist web/.astro web/src/generated web/public/media; do
  if [[ -e "$out" ]]; then
    mkdir -p "$dest/$(dirname "$out")"
    cp -a "$out" "$dest/$out"
  fi
done
if [[ -d web/.media-cache ]]; then
  cp -al web/.media-cache "$dest/web/.media-cache"
fi
if [[ -d web/node_modules ]]; then
  ln -sfn "$PWD/web/node_modules" "$dest/web/node_modules"
fi
