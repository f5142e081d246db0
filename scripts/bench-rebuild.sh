#!/usr/bin/env bash
# make bench-rebuild: how long `make run` takes, on a built tree, from the
# command to the first answer (200 on /), in a copy of the tree
# (scripts/copy-tree.sh, timestamps kept):
#   - with nothing changed since the build;
#   - after editing one content file (a page heading), which the answer must show.
# BENCH_MAKEFILE=path: measure with that Makefile in the copy instead (e.g. an
# older one, for before/after). BENCH_PORT (18295): the port, on 127.0.0.1.
# A benchmark: prints figures, fails only when it cannot measure.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${BENCH_PORT:-18295}
export BUILD_ID=${BUILD_ID:-$(git rev-parse --short HEAD 2>/dev/null || echo dev)}
export BUILD_DATE=${BUILD_DATE-$(git log -1 --format=%cs 2>/dev/null)}
unset MAKEFLAGS MFLAGS MAKELEVEL
[[ -x bin/site && -f web/dist/index.html ]] || {
  echo "bench-rebuild: no build here: run make build first" >&2
  exit 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/veldhaven-bench-rebuild-XXXXXX")
run_pid=
stop() {
  if [[ -n "$run_pid" ]]; then
    # make run and the bin/site it started: their own process group (setsid).
    kill -TERM -- "-$run_pid" 2>/dev/null || true
    wait "$run_pid" 2>/dev/null || true
    run_pid=
  fi
}
trap 'stop; rm -rf "$work"' EXIT
./scripts/copy-tree.sh "$work/tree"
makefile="the tree's own"
if [[ -n "${BENCH_MAKEFILE:-}" ]]; then
  cp "$BENCH_MAKEFILE" "$work/tree/Makefile"
  makefile=$BENCH_MAKEFILE
fi
cd "$work/tree"

# Seconds from `make run` to the first 200 on /, whose body must contain $1.
measure() {
  local want=$1 t0 body
  t0=$(date +%s.%N)
  PORT=$port setsid make --no-print-directory run >"$work/run.log" 2>&1 &
  run_pid=$!
  while :; do
    if body=$(curl -fs "http://127.0.0.1:$port/" 2>/dev/null); then break; fi
    if ! kill -0 "$run_pid" 2>/dev/null; then
      tail -30 "$work/run.log" >&2
      echo "bench-rebuild: make run stopped before answering" >&2
      exit 1
    fi
    sleep 0.05
  done
  local seconds
  seconds=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
  stop
  grep -qF -- "$want" <<<"$body" || {
    echo "bench-rebuild: / does not show '$want'" >&2
    exit 1
  }
  printf '%.1f' "$seconds"
}

heading='European real estate, invested with partners'
unchanged=$(measure "$heading")
edited_heading="$heading (edited $(date +%s))"
FROM="\"heading\": \"$heading\"" TO="\"heading\": \"$edited_heading\"" \
  perl -0pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/' content/pages.json
edited=$(measure "$edited_heading")

echo "make run, from the command to the first 200 on / (Makefile: $makefile; load $(cut -d' ' -f1-3 /proc/loadavg) at the end)"
echo
echo "| tree | seconds |"
echo "| --- | ---: |"
echo "| built, nothing changed | $unchanged |"
echo "| one content file edited (content/pages.json) | $edited |"
