#!/usr/bin/env bash
# make test-lockfile: npm's resolution (--package-lock-only, on a copy) leaves
# web/package.json and web/package-lock.json byte for byte as committed.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/veldhaven-lockfile-XXXXXX")
trap 'rm -rf "$work"' EXIT
cp web/package.json web/package-lock.json web/.npmrc "$work/"
(cd "$work" && npm install --package-lock-only --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
status=0
for f in package.json package-lock.json; do
  if ! cmp -s "web/$f" "$work/$f"; then
    echo "test-lockfile: npm install changes web/$f:" >&2
    diff -u "web/$f" "$work/$f" | head -60 >&2 || true
    status=1
  fi
done
if ((status)); then
  echo "test-lockfile: bring it up to date (cd web && npm install) and commit it" >&2
  exit 1
fi
echo "test-lockfile: npm install leaves web/package.json and web/package-lock.json unchanged"
