#!/usr/bin/env bash
# actionlint (tools.mk's version, into .tools/bin) over every workflow, checking
# their run: scripts, and scripts/*.sh, with shellcheck.
set -euo pipefail
cd "$(dirname "$0")/.."
ACTIONLINT_VERSION=${ACTIONLINT_VERSION:-$(sed -n 's/^ACTIONLINT_VERSION := //p' tools.mk)}
bin=.tools/bin/actionlint
if ! [[ -x "$bin" ]] || [[ "$("$bin" -version | head -1)" != "v$ACTIONLINT_VERSION" ]]; then
  echo "lint-workflows: installing actionlint $ACTIONLINT_VERSION into .tools/bin" >&2
  GOBIN="$PWD/.tools/bin" go install "github.com/rhysd/actionlint/cmd/actionlint@v$ACTIONLINT_VERSION"
fi
if ! command -v shellcheck >/dev/null && ! scripts/apt-install.sh shellcheck; then
  echo "lint-workflows: shellcheck is missing; run: scripts are not checked without it" >&2
  exit 1
fi
shopt -s nullglob
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
if [[ ${#workflows[@]} -eq 0 ]]; then
  echo "lint-workflows: no workflows in .github/workflows" >&2
  exit 1
fi
"$bin" -shellcheck "$(command -v shellcheck)" "${workflows[@]}"
shellcheck scripts/*.sh scripts/ci .ci/run
echo "lint-workflows: ${#workflows[@]} workflows, scripts/*.sh: clean"
