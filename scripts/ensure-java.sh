#!/usr/bin/env bash
# Java 17 or newer for the Nu HTML checker: the one on PATH, else Debian's.
set -euo pipefail
cd "$(dirname "$0")/.."
major() { java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p'; }
if command -v java >/dev/null && (($(major) >= 17)); then exit 0; fi
if ! scripts/apt-install.sh default-jre-headless; then
  echo "ensure-java: the HTML check needs Java 17 or newer on PATH" >&2
  exit 1
fi
