#!/usr/bin/env bash
# Makes sure the e2e suite has a Chromium: $CHROME_PATH, else /usr/bin/chromium,
# else Debian's package when we are root, else Playwright's own download.
set -euo pipefail
if [[ -n "${CHROME_PATH:-}" && -x "${CHROME_PATH}" ]]; then exit 0; fi
if [[ -x /usr/bin/chromium ]]; then exit 0; fi
if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
  echo "ensure-chromium: installing Debian's chromium" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "ensure-chromium: no system Chromium and not root; using Playwright's download" >&2
cd "$(dirname "$0")/../web" && npx playwright install chromium
