#!/usr/bin/env bash
# Makes sure the Nu HTML checker (vnu-jar, make test-html) has a Java 17 or
# newer: the one on PATH, else Debian's headless runtime when we are root.
set -euo pipefail
major() { java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p'; }
if command -v java >/dev/null && (($(major) >= 17)); then exit 0; fi
if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
  echo "ensure-java: installing Debian's default-jre-headless" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends default-jre-headless >/dev/null
  exit 0
fi
echo "ensure-java: the HTML check needs Java 17 or newer: apt-get install default-jre-headless (as root)" >&2
exit 1
