#!/usr/bin/env bash
# Makes sure the Nu HTML checker (vnu-jar, make test-html) has a Java 17 or
# newer: the one on PATH, else the distribution's headless runtime, installed
# as root or through sudo (scripts/apt-install.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
major() { java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p'; }
if command -v java >/dev/null && (($(major) >= 17)); then exit 0; fi
if ! scripts/apt-install.sh default-jre-headless; then
  echo "ensure-java: the HTML check needs Java 17 or newer on PATH" >&2
  exit 1
fi
