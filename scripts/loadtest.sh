#!/usr/bin/env bash
# make loadtest: soak bin/site with wrk on loopback, twice: with the sample feed,
# then with a fake LinkedIn that dies half-way. A benchmark: prints figures,
# never fails on a number (it fails only if it cannot run).
set -euo pipefail
cd "$(dirname "$0")/.."
CONNS=${CONNS:-512}
DURATION=${DURATION:-60}
THREADS=${THREADS:-2}
SITE_PORT=${SITE_PORT:-18080}
FAKE_PORT=${FAKE_PORT:-19911}

if ! command -v wrk >/dev/null; then scripts/apt-install.sh wrk || exit 1; fi
[[ "${SKIP_BUILD:-}" == 1 ]] || make build >/dev/null
go build -o bin/fakelinkedin ./cmd/fakelinkedin
ulimit -n 65536 2>/dev/null || true

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

rss() { awk '/^VmRSS/ {printf "%.1f MB", $2/1024}' "/proc/$1/status"; }
peak() { awk '/^VmHWM/ {printf "%.1f MB", $2/1024}' "/proc/$1/status"; }
rss_kb() { awk '/^VmRSS/ {print $2}' "/proc/$1/status"; }

wait_up() {
  for _ in $(seq 100); do curl -fsS -o /dev/null "$1" 2>/dev/null && return 0; sleep 0.05; done
  echo "loadtest: $1 did not come up" >&2
  exit 1
}

# Every page class, assets, the 404 path and the feed, from the build itself.
paths() {
  local base=$1
  # head closes its pipe early: not a failure here.
  set +o pipefail
  (cd web/dist && find . -name index.html | sed 's#^\.##; s#/index.html$##; s#^$#/#')
  (cd web/dist && find _astro -name '*.js' | head -3; find media/img -name '*.avif' 2>/dev/null | head -3) | sed 's#^#/#'
  echo /does-not-exist
  echo /careers/does-not-exist
  echo /linkedin-api
  echo /linkedin-api
  local urn
  urn=$(curl -fsS "$base/linkedin-api" | grep -o 'urn:li:image:[A-Za-z0-9_-]*' | head -1)
  [[ -n "$urn" ]] && echo "/linkedin-api/image?urn=$urn"
  set -o pipefail
}

soak() { # label, base URL, pid
  local label=$1 base=$2 pid=$3
  paths "$base" > "$work/paths"
  # Warm every path once so the feed and media caches are filled, then reach
  # steady state (connection buffers, goroutines) with a short load at the same
  # concurrency: growth after that is what a leak would show.
  while read -r p; do curl -fsS -o /dev/null "$base$p" 2>/dev/null || true; done < "$work/paths"
  PATHS_FILE="$work/paths" wrk -t"$THREADS" -c"$CONNS" -d5s -s scripts/loadtest/rotate.lua "$base" >/dev/null
  local before before_kb
  before=$(rss "$pid"); before_kb=$(rss_kb "$pid")
  echo "== $label: $(wc -l < "$work/paths") paths, $CONNS connections, ${DURATION}s"
  PATHS_FILE="$work/paths" wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" --latency -s scripts/loadtest/rotate.lua "$base" \
    | sed -n '/^requests:/,$p' &
  local wrk_pid=$!
  if [[ -n "${KILL_AFTER:-}" ]]; then
    sleep "$KILL_AFTER"
    echo "-- upstream stopped after ${KILL_AFTER}s"
    kill "$KILL_PID" 2>/dev/null || true
  fi
  wait "$wrk_pid"
  local after_kb
  after_kb=$(rss_kb "$pid")
  echo "rss: before $before, after $(rss "$pid"), peak $(peak "$pid"), growth $(( (after_kb - before_kb) * 100 / before_kb ))%"
  echo "feed after the soak: $(curl -fsS -o /dev/null -w '%{http_code}, stale=' "$base/linkedin-api")$(curl -fsS -D - -o /dev/null "$base/linkedin-api" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-feed-stale"{print $2}')"
}

# 1. The sample feed.
./bin/site -addr "127.0.0.1:$SITE_PORT" -data-dir "$work/data1" -log-level error >/dev/null &
site=$!; pids+=("$site")
wait_up "http://127.0.0.1:$SITE_PORT/healthz"
soak "sample feed" "http://127.0.0.1:$SITE_PORT" "$site"
kill "$site"; wait "$site" 2>/dev/null || true

# 2. A fake LinkedIn that stops half-way. A budget large enough that the
# background refresh runs every INSIGHTS_TTL (5 s), as a soak wants.
./bin/fakelinkedin -addr "127.0.0.1:$FAKE_PORT" 2>/dev/null &
fake=$!; pids+=("$fake")
wait_up "http://127.0.0.1:$FAKE_PORT/healthz"
LINKEDIN_ACCESS_TOKEN=loadtest LINKEDIN_ORGANIZATION_URN=urn:li:organization:1 \
  LINKEDIN_API_BASE="http://127.0.0.1:$FAKE_PORT" LINKEDIN_MEDIA_ORIGINS="http://127.0.0.1:$FAKE_PORT" INSIGHTS_TTL=5s INSIGHTS_TIMEOUT=1s \
  LINKEDIN_DAILY_CALLS=100000 \
  ./bin/site -addr "127.0.0.1:$SITE_PORT" -data-dir "$work/data2" -log-level error >/dev/null &
site=$!; pids+=("$site")
wait_up "http://127.0.0.1:$SITE_PORT/healthz"
KILL_AFTER=$((DURATION / 2)) KILL_PID=$fake soak "LinkedIn failing half-way" "http://127.0.0.1:$SITE_PORT" "$site"
