#!/usr/bin/env bash
# The cross-engine suite's engines from Debian when missing: firefox-esr (or
# FIREFOX_PATH), WebKitWebDriver, Xvfb for its window, gstreamer1.0-libav for H.264.
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
