#!/usr/bin/env bash
# A Chromium for the e2e suite: CHROME_PATH, /usr/bin/chromium, Debian's package
# (Ubuntu's is a snap wrapper, which a runner cannot use), else Playwright's.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -n "${CHROME_PATH:-}" && -x "${CHROME_PATH}" ]]; then exit 0; fi
if [[ -x /usr/bin/chromium ]]; then exit 0; fi
distro=$(sed -n 's/^ID="\?\([a-z]*\)"\?$/\1/p' /etc/os-release 2>/dev/null || true)
if [[ "$distro" == debian ]] && scripts/apt-install.sh --with-recommends chromium; then exit 0; fi
echo "ensure-chromium: no system Chromium; using Playwright's download" >&2
cd web && npx playwright install chromium
