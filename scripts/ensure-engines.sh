#!/usr/bin/env bash
# Makes sure the cross-engine suite (web/e2e/engines) has its engines, from
# Debian, installed as root or through sudo (scripts/apt-install.sh) when one
# is missing: firefox-esr (driven over WebDriver BiDi), webkit2gtk-driver
# (WebKitWebDriver; MiniBrowser comes with its libwebkit2gtk), xvfb (the
# display MiniBrowser's window needs) and gstreamer1.0-libav (WebKitGTK plays
# H.264, the site's videos, through it). FIREFOX_PATH names another Firefox
# (GitHub's Ubuntu runners have one at /usr/bin/firefox; Ubuntu has no
# firefox-esr).
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
if [[ -z "${FIREFOX_PATH:-}" ]] && ! command -v firefox-esr >/dev/null; then
  missing+=(firefox-esr)
fi
command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null || missing+=(xvfb)
dpkg-query -W -f='${Status}' gstreamer1.0-libav 2>/dev/null | grep -q 'ok installed' ||
  missing+=(gstreamer1.0-libav)
if ((${#missing[@]} > 0)); then
  scripts/apt-install.sh "${missing[@]}"
fi
