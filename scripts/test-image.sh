#!/usr/bin/env bash
# shellcheck disable=SC2016 # checks run `bash -c` with single-quoted scripts and their arguments
# make test-image: builds the image from bin/site (scripts/image.sh) and checks it:
# its files and user; the refusal to start without a writable /data; a running
# container's pages, feed, uid and read-only root, and SIGTERM's drain; the feed
# snapshot in /data across a restart against a fake LinkedIn; then test/replicas
# (the feed owner and web replicas). Skips with one line where no container can
# start. Ports: TEST_IMAGE_PORT (18190) and the seven after it, on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/container-engine.sh
source scripts/container-engine.sh

PORT=${TEST_IMAGE_PORT:-18190} # the first container, published
HOST_PORT=$((PORT + 1))        # the second container, on the host's network
FAKE_PORT=$((PORT + 2))        # the fake LinkedIn
REPLICA_PORT=$((PORT + 3))     # test/replicas: it and the four after it (fake, owner, balancer, 2 web)
DRAIN=10                       # the server's default -drain, in seconds
BASE="http://127.0.0.1:$PORT"

skip() {
  echo "test-image: skipped: $*"
  exit 0
}

if ! pick_engine; then skip "$REASON"; fi
if [[ "$ENGINE" == podman ]]; then
  probe=(unshare --mount --uts --ipc --net --pid --fork true)
  [[ "$(id -u)" == 0 ]] || probe=(unshare --user --map-root-user --mount --uts --ipc --net --pid --fork true)
  if ! err=$("${probe[@]}" 2>&1); then
    skip "this machine cannot make the namespaces a container needs (${err:-unshare failed})"
  fi
fi

id=$$
image="localhost/veldhaven-site-test:$id"
run_label="org.veldhaven.test-image.run=$id-$(date +%s)"
a="veldhaven-test-$id-a" # published, sample feed
b="veldhaven-test-$id-b" # host network, fake LinkedIn
z="veldhaven-test-$id-z" # no volume: must refuse to start
vol_a="veldhaven-test-$id-a"
vol_b="veldhaven-test-$id-b"
work=$(mktemp -d)
fake=
cleanup() {
  [[ -z "$fake" ]] || kill "$fake" 2>/dev/null || true
  "$ENGINE" rm -f -t 0 "$a" "$b" "$z" >/dev/null 2>&1 || "$ENGINE" rm -f "$a" "$b" "$z" >/dev/null 2>&1 || true
  "$ENGINE" volume rm -f "$vol_a" "$vol_b" >/dev/null 2>&1 || true
  # The image, and the unnamed images of its build's stages (buildah keeps
  # them as a cache), all labelled with this run.
  "$ENGINE" rmi -f "$image" >/dev/null 2>&1 || true
  "$ENGINE" images -a -q --filter "label=$run_label" 2>/dev/null | xargs -r "$ENGINE" rmi -f >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

passed=0
failed=0
check() { # check NAME CONDITION-COMMAND...
  local name=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "test-image: ok   $name"
  else
    failed=$((failed + 1))
    echo "test-image: FAIL $name"
  fi
}
abort() {
  echo "test-image: FAIL $*"
  for c in "$a" "$b" "$z"; do
    if "$ENGINE" container exists "$c" 2>/dev/null || "$ENGINE" inspect "$c" >/dev/null 2>&1; then
      echo "--- logs of $c" >&2
      "$ENGINE" logs "$c" >&2 2>&1 || true
    fi
  done
  exit 1
}
wait_http() { # wait_http URL: until it answers 200, at most 20 s
  for _ in $(seq 200); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}
# The numeric uid or gid (field 2 of Uid: or Gid: in /proc/PID/status) of a
# container's process, as the container sees it (through its uid_map).
inner_id() { # inner_id PID Uid|Gid
  local host map
  host=$(awk -v k="$2:" '$1 == k {print $2}' "/proc/$1/status")
  map=$([[ "$2" == Uid ]] && echo uid_map || echo gid_map)
  awk -v h="$host" '$2 <= h && h < $2 + $3 {print h - $2 + $1; exit}' "/proc/$1/$map"
}
root_is_read_only() { # root_is_read_only PID: the options of / in its mountinfo
  awk '$5 == "/" {print $6}' "/proc/$1/mountinfo" | tail -1 | grep -Eq '(^|,)ro(,|$)'
}
header() { # header FILE NAME: a header's value from curl -D output
  awk -v n="$(tr '[:upper:]' '[:lower:]' <<<"$2")" -F': ' 'tolower($1) == n {sub(/\r$/, "", $2); print $2}' "$1" | tail -1
}
since() { awk -v s="$1" -v e="$(date +%s.%N)" 'BEGIN {printf "%.1f", e - s}'; }
exited_in_time() { [[ $1 == 0 ]] && awk -v e="$2" -v d="$DRAIN" 'BEGIN {exit !(e < d)}'; }
json() { # json FILE EXPRESSION: evaluates a JavaScript expression on the parsed file (as d)
  node -e 'const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(eval(process.argv[2]))' "$1" "$2"
}
export -f json

# --- the image ---
start=$(date +%s.%N)
if ! scripts/image.sh "$image" --label "$run_label" >"$work/build.log" 2>&1; then
  cat "$work/build.log" >&2
  abort "image build"
fi
echo "test-image: built $image with $ENGINE in $(since "$start") s"

"$ENGINE" save -o "$work/image.tar" "$image" >"$work/save.log" 2>&1 || { cat "$work/save.log"; abort "save the image"; }
mkdir "$work/image"
tar -xf "$work/image.tar" -C "$work/image"
: >"$work/files"
mkdir "$work/rootfs"
while read -r layer; do # the listing (with owners) of what it extracts
  tar --numeric-owner --no-same-owner -xvvf "$work/image/$layer" -C "$work/rootfs" >>"$work/files"
done < <(json "$work/image/manifest.json" 'd[0].Layers.join("\n")')
# Entries as "owner path", without ./ and trailing slashes.
awk '{p = $NF; sub(/^\.\//, "", p); sub(/\/$/, "", p); if (p != "" && p != ".") print $2, p}' "$work/files" | sort -u -k2 >"$work/entries"
check "image holds only /site and /data ($(awk '{print $2}' "$work/entries" | paste -sd' '))" \
  test "$(awk '{print $2}' "$work/entries" | paste -sd' ')" == "data site"
check "/data owned by 65532:65532" grep -qx '65532/65532 data' "$work/entries"
# The binary the other tests ran, byte for byte (the release packages the same).
check "/site is bin/site, byte for byte" cmp -s bin/site "$work/rootfs/site"
check "user 65532:65532" test "$("$ENGINE" image inspect -f '{{.Config.User}}' "$image")" == "65532:65532"
env_list=$("$ENGINE" image inspect -f '{{range .Config.Env}}{{println .}}{{end}}' "$image")
check "DATA_DIR=/data and PORT=8080" bash -c 'grep -qx DATA_DIR=/data <<<"$1" && grep -qx PORT=8080 <<<"$1"' _ "$env_list"

# --- no volume on a read-only root: the server refuses to start, and says why ---
set +e
out=$(timeout 60 "$ENGINE" run --name "$z" --read-only "$image" 2>&1)
rc=$?
set -e
check "a read-only /data stops the start (exit $rc)" test "$rc" == 1
check "... with a line naming DATA_DIR and the uid" grep -q 'DATA_DIR "/data" is not writable by uid 65532' <<<"$out"

# --- published on 127.0.0.1, read-only root, a volume on /data, sample feed ---
"$ENGINE" run -d --name "$a" --read-only -v "$vol_a:/data" -p "127.0.0.1:$PORT:8080" "$image" >/dev/null ||
  abort "start the container"
wait_http "$BASE/readyz" || abort "$BASE/readyz never answered 200"

curl -sS -D "$work/h" -o "$work/b" "$BASE/healthz"
check "/healthz: 200 ok" test "$(head -1 "$work/h" | awk '{print $2}')/$(cat "$work/b")" == "200/ok"
build_id=$(header "$work/h" X-Build-Id)
check "X-Build-Id ${build_id:-missing} is the build's (${BUILD_ID:-any})" test -n "$build_id" -a "$build_id" == "${BUILD_ID:-$build_id}"
check "/readyz: 200" test "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/readyz")" == 200

curl -sS -H 'Accept-Encoding: identity' -o "$work/page" "$BASE/what-we-do"
curl -sS -H 'Accept-Encoding: br' -D "$work/h" -o "$work/page.br" "$BASE/what-we-do"
check "a page in Brotli" test "$(header "$work/h" Content-Encoding)" == br
node -e 'process.stdout.write(require("zlib").brotliDecompressSync(require("fs").readFileSync(process.argv[1])))' \
  "$work/page.br" >"$work/page.unbr"
check "... that decodes to the page" cmp -s "$work/page" "$work/page.unbr"

code=$(curl -s -o "$work/b" -w '%{http_code}' "$BASE/no-such-page-$id")
check "the 404 page with status 404 (got $code)" bash -c '[[ $1 == 404 ]] && grep -q "Page not found" "$2"' _ "$code" "$work/b"

code=$(curl -s -o "$work/feed" -w '%{http_code}' "$BASE/linkedin-api")
check "the sample feed at /linkedin-api (status $code)" bash -c '[[ $1 == 200 ]] && [[ $(json "$2" d.elements.length) -gt 0 ]]' _ "$code" "$work/feed"

pid=$("$ENGINE" inspect -f '{{.State.Pid}}' "$a")
check "the process runs as uid 65532 ($(inner_id "$pid" Uid))" test "$(inner_id "$pid" Uid)" == 65532
check "... and gid 65532 ($(inner_id "$pid" Gid))" test "$(inner_id "$pid" Gid)" == 65532
check "its root file system is read-only" root_is_read_only "$pid"

t0=$(date +%s.%N)
"$ENGINE" kill --signal TERM "$a" >/dev/null
status=$(timeout $((DRAIN + 20)) "$ENGINE" wait "$a")
elapsed=$(since "$t0")
check "SIGTERM: exit $status after ${elapsed}s (drain ${DRAIN}s)" exited_in_time "$status" "$elapsed"

# --- the feed snapshot in /data survives a restart ---
go build -o "$work/fakelinkedin" ./cmd/fakelinkedin
# Its answers about images wait 2 s: a request for one is in flight at SIGTERM.
"$work/fakelinkedin" -addr "127.0.0.1:$FAKE_PORT" -media-delay 2s 2>"$work/fake.log" &
fake=$!
wait_http "http://127.0.0.1:$FAKE_PORT/healthz" || abort "the fake LinkedIn did not start"
# The host's network, so that the fake on the host's loopback is reachable;
# the server listens on 127.0.0.1 only.
"$ENGINE" run -d --name "$b" --read-only --network host -v "$vol_b:/data" \
  -e LINKEDIN_ACCESS_TOKEN=test-image -e LINKEDIN_ORGANIZATION_URN=urn:li:organization:1 \
  -e "LINKEDIN_API_BASE=http://127.0.0.1:$FAKE_PORT" -e "LINKEDIN_MEDIA_ORIGINS=http://127.0.0.1:$FAKE_PORT" \
  "$image" -addr "127.0.0.1:$HOST_PORT" >/dev/null || abort "start the container with LinkedIn"
wait_http "http://127.0.0.1:$HOST_PORT/readyz" || abort "the container with LinkedIn never became ready"
for _ in $(seq 100); do
  "$ENGINE" cp "$b:/data/insights-feed.json" - 2>/dev/null >"$work/snapshot.tar" && break
  sleep 0.1
done
check "the feed snapshot is written to /data, as 65532" bash -c \
  'tar --numeric-owner -tvf "$1" | grep -q "65532/65532 .*insights-feed.json" && tar -xOf "$1" | grep -q "Load-test post 0"' _ "$work/snapshot.tar"
# SIGTERM while a request waits on LinkedIn: it is answered, then the
# container exits 0, within the drain time.
media="http://127.0.0.1:$HOST_PORT/linkedin-api/image?urn=urn:li:image:C4D22AQLoadTest0000"
curl -sS -o "$work/media" -w '%{http_code}' "$media" >"$work/media.code" 2>&1 &
req=$!
for _ in $(seq 200); do # until the request has reached the fake LinkedIn
  grep -q 'answering in' "$work/fake.log" && break
  sleep 0.05
done
grep -q 'answering in' "$work/fake.log" || abort "the request for an image never reached the fake LinkedIn"
t0=$(date +%s.%N)
"$ENGINE" kill --signal TERM "$b" >/dev/null
status=$(timeout $((DRAIN + 20)) "$ENGINE" wait "$b")
elapsed=$(since "$t0")
wait "$req" || true
check "SIGTERM with a request in flight: exit $status after ${elapsed}s (drain ${DRAIN}s)" exited_in_time "$status" "$elapsed"
check "... the request was answered ($(cat "$work/media.code"))" bash -c \
  '[[ $(cat "$1") == 200 ]] && grep -q "/linkedin-api/media/" "$2"' _ "$work/media.code" "$work/media"
"$ENGINE" cp "$b:/data/media" - >"$work/media.tar" 2>/dev/null || true
check "... and the image it fetched is in the media cache in /data" bash -c \
  'tar --numeric-owner -tvf "$1" | grep -q "^-.* 65532/65532 "' _ "$work/media.tar"

kill "$fake"
wait "$fake" 2>/dev/null || true
fake=
"$ENGINE" start "$b" >/dev/null || abort "start the container again"
wait_http "http://127.0.0.1:$HOST_PORT/readyz" || abort "the restarted container never became ready"
code=$(curl -s -o "$work/feed" -w '%{http_code}' "http://127.0.0.1:$HOST_PORT/linkedin-api")
check "after a restart, LinkedIn gone, the posts come from the snapshot (status $code)" bash -c \
  '[[ $1 == 200 ]] && [[ $(json "$2" "d.elements.filter(e => JSON.stringify(e).includes(\"Load-test post\")).length") -gt 0 ]]' \
  _ "$code" "$work/feed"
logged_snapshot() { # the engine's log of the container names the snapshot it loaded
  local _
  for _ in $(seq 50); do # the engine may write the log a moment after the process
    # The whole log, then grep: grep -q would close the pipe early, and the
    # engine's write error would fail the pipeline under pipefail.
    "$ENGINE" logs "$1" >"$work/logs-$1" 2>&1 || true
    grep "loaded feed snapshot" "$work/logs-$1" >/dev/null && return 0
    sleep 0.1
  done
  return 1
}
check "... and the log says so" logged_snapshot "$b"

# --- the feed owner and web replicas (test/replicas, a go test) ---
start=$(date +%s.%N)
if REPLICAS_IMAGE="$image" REPLICAS_ENGINE="$ENGINE" REPLICAS_PORT="$REPLICA_PORT" REPLICAS_NAME="veldhaven-test-$id-r" \
  go test -count=1 -v -timeout 20m -run '^TestReplicas$' ./test/replicas; then
  passed=$((passed + 1))
  echo "test-image: ok   the feed owner and web replicas (test/replicas)"
else
  failed=$((failed + 1))
  echo "test-image: FAIL the feed owner and web replicas (test/replicas)"
fi
echo "test-image: the replica checks took $(since "$start") s"

echo "test-image: $passed passed, $failed failed"
if ((failed > 0)); then
  for c in "$a" "$b"; do
    echo "--- logs of $c" >&2
    "$ENGINE" logs "$c" >&2 2>&1 || true
  done
  exit 1
fi
