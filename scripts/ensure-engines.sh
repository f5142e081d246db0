#!/usr/bin/env bash
# The cross-engine suite's engines from Debian when missing: firefox-esr (or
# FIREFOX_PATH), WebKitWebDriver, Xvfb for its window, gstreamer1.0-libav for H.264.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
[[ -n "${FIREFOX_PATH:-}" ]] || command -v firefox-esr >/dev/null || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null || missing+=(xvfb)
dpkg-query -W -f='${Status}' gstreamer1.0-libav 2>/dev/null | grep -q 'ok installed' || missing+=(gstreamer1.0-libav)
((${#missing[@]} == 0)) || scripts/apt-install.sh "${missing[@]}"
