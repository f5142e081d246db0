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
command -v shellcheck >/dev/null || scripts/apt-install.sh shellcheck
# Without arguments actionlint reads every workflow of .github/workflows.
"$bin" -shellcheck "$(command -v shellcheck)"
shellcheck scripts/*.sh scripts/ci .ci/run
echo "lint-workflows: .github/workflows and scripts/*.sh: clean"
