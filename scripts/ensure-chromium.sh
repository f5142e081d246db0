#!/usr/bin/env bash
# Makes sure the e2e suite has a Chromium: $CHROME_PATH, else /usr/bin/chromium
# (GitHub's Ubuntu runners link their Chromium there), else Debian's package,
# installed as root or through sudo (scripts/apt-install.sh; Ubuntu's
# `chromium` is only a wrapper for the snap, which a runner cannot use), else
# Playwright's own download, which needs neither.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -n "${CHROME_PATH:-}" && -x "${CHROME_PATH}" ]]; then exit 0; fi
if [[ -x /usr/bin/chromium ]]; then exit 0; fi
distro=$(sed -n 's/^ID="\?\([a-z]*\)"\?$/\1/p' /etc/os-release 2>/dev/null || true)
if [[ "$distro" == debian ]] && scripts/apt-install.sh --with-recommends chromium; then exit 0; fi
echo "ensure-chromium: no system Chromium; using Playwright's download" >&2
cd web && npx playwright install chromium
