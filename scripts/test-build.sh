#!/usr/bin/env bash
# make test-build: in a copy of the built tree (scripts/copy-tree.sh), the build
# graph makes again exactly what a change asks for: nothing when nothing changed;
# a content file, a component, a Go file, a new BUILD_ID, a file added with an old
# time, a file deleted and a new SITE_URL each put it out of date (undone, back in
# date); one build with them all, and bin/site serves every change.
# Port: TEST_BUILD_PORT (18290), on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${TEST_BUILD_PORT:-18290}
# The copy has no .git: give it the tree's build id and date (the Makefile's
# defaults), so that only what a step changes differs.
export BUILD_ID=${BUILD_ID:-$(git rev-parse --short HEAD 2>/dev/null || echo dev)}
export BUILD_DATE=${BUILD_DATE-$(git log -1 --format=%cs 2>/dev/null)}
# This script's own make runs; nothing from the make that started it.
unset MAKEFLAGS MFLAGS MAKELEVEL

[[ -x bin/site && -f .make/web.built ]] || {
  echo "test-build: no build here: run make build first" >&2
  exit 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/veldhaven-test-build-XXXXXX")
site_pid=
cleanup() {
  [[ -z "$site_pid" ]] || kill "$site_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
tree=$work/tree
backup=$work/backup
mkdir -p "$backup"
./scripts/copy-tree.sh "$tree"
cd "$tree"

failures=0
fail() {
  echo "test-build: FAIL: $*" >&2
  failures=$((failures + 1))
}
pass() { echo "test-build: ok: $*"; }
# check WHAT COMMAND...: passes when COMMAND succeeds.
check() {
  local what=$1
  shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}

# make -q: 0 when up to date, 1 when something would be made.
up_to_date() { make -q --no-print-directory build "$@" >/dev/null 2>&1; }
expect_up_to_date() {
  if up_to_date "${@:2}"; then pass "$1: up to date"; else fail "$1: make build would rebuild: $(make -n --no-print-directory build "${@:2}" 2>&1 | grep -E 'npm run|go build' | tr '\n' ' ')"; fi
}
expect_stale() {
  if up_to_date "${@:2}"; then fail "$1: make build would not rebuild"; else pass "$1: out of date"; fi
}
# What make build would run, as the words "web" and/or "bin/site".
would_run() {
  local plan
  plan=$(make -n --no-print-directory build "$@" 2>&1)
  grep -q 'npm run --silent build' <<<"$plan" && printf 'web '
  grep -q 'go build' <<<"$plan" && printf 'bin/site'
  echo
}
stamp_times() { stat -c '%n %.9Y' .make/web.built bin/site; }

# Keeps a file's bytes and time, to put back with restore.
save() { cp -p "$1" "$backup/$(tr / _ <<<"$1")"; }
restore() { cp -p "$backup/$(tr / _ <<<"$1")" "$1"; }
# Replaces the only occurrence of $2 in file $1 by $3 (fails if there is none).
edit() {
  local file=$1 from=$2 to=$3
  grep -qF -- "$from" "$file" || {
    echo "test-build: $file has no '$from' to edit (update this test)" >&2
    exit 1
  }
  FROM=$from TO=$to perl -0pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/' "$file"
}

# ---- 1. nothing changed
expect_up_to_date "unchanged tree"
before=$(stamp_times)
out=$(make --no-print-directory build 2>&1)
if [[ "$(stamp_times)" == "$before" ]] && ! grep -qE 'npm run|go build' <<<"$out"; then
  pass "unchanged tree: make build ran nothing ($out)"
else
  fail "unchanged tree: make build ran: $out"
fi

# ---- 2. each change alone, then undone
token=build-test-$$
content_file=content/pages.json
heading='European real estate, invested with partners'
component=web/src/components/Footer.tsx
go_file=cmd/site/main.go

save "$content_file"
edit "$content_file" "\"heading\": \"$heading\"" "\"heading\": \"$heading $token\""
expect_stale "content file edited ($content_file)"
[[ "$(would_run)" == "web bin/site" ]] || fail "content file edited: would run '$(would_run)', want the web and bin/site"
restore "$content_file"
expect_up_to_date "content file restored"

save "$component"
edit "$component" '<footer className=' "<footer data-build-test=\"$token\" className="
expect_stale "component edited ($component)"
restore "$component"
expect_up_to_date "component restored"

save "$go_file"
printf '\n// %s\n' "$token" >>"$go_file"
plan=$(would_run)
if [[ "$plan" == "bin/site" ]]; then pass "Go file edited: relinks bin/site only"; else fail "Go file edited: would run '$plan', want bin/site only"; fi
restore "$go_file"
expect_up_to_date "Go file restored"

# A new commit (BUILD_ID): relink only. Reading the Makefile with another id
# rewrites .make/go-settings, so going back to the tree's id relinks too.
plan=$(would_run BUILD_ID=build-test-id)
check "BUILD_ID changed: relinks bin/site only (would run '$plan')" test "$plan" = bin/site
out=$(make --no-print-directory build 2>&1)
only_relinked() { grep -q 'go build' <<<"$out" && ! grep -q 'npm run' <<<"$out"; }
check "BUILD_ID back: make build relinked bin/site and ran no web build" only_relinked
expect_up_to_date "BUILD_ID back"

# ---- 3. the list of inputs and the settings
added=content/media/documents/build-test-added.pdf
printf '%%PDF-1.4\n%% %s\n%%%%EOF\n' "$token" >"$added"
touch -d '2001-01-01 00:00' "$added"
expect_stale "file added with an old time ($added)"

deleted=content/media/logos/veldhaven.svg
grep -rqF '"veldhaven.svg"' content/*.json && {
  echo "test-build: content uses $deleted now: pick an unused file (update this test)" >&2
  exit 1
}
deleted_url=/media/logos/veldhaven.$(sha256sum "$deleted" | cut -c1-8).svg
rm "$deleted"
expect_stale "file deleted ($deleted)"

site_url=http://build-test.example
expect_stale "SITE_URL changed" SITE_URL=$site_url

# ---- 4. one rebuild with every change; what bin/site serves
edit "$content_file" "\"heading\": \"$heading\"" "\"heading\": \"$heading $token\""
edit "$component" '<footer className=' "<footer data-build-test=\"$token\" className="
echo "test-build: make build (content, component, an added and a deleted file, SITE_URL)"
if ! out=$(SITE_URL=$site_url make --no-print-directory build 2>&1); then
  echo "$out" | tail -40 >&2
  fail "make build failed"
  exit 1
fi
check "make build rebuilt the web" grep -q 'npm run --silent build' <<<"$out"
expect_up_to_date "after the rebuild" SITE_URL=$site_url

./bin/site -addr "127.0.0.1:$port" -data-dir "$work/data" -log-level error &
site_pid=$!
for _ in $(seq 100); do
  curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" && break
  kill -0 "$site_pid" 2>/dev/null || {
    echo "test-build: bin/site did not start" >&2
    exit 1
  }
  sleep 0.1
done
home=$(curl -fsS "http://127.0.0.1:$port/")
check "/ shows the edited content" grep -qF "$heading $token" <<<"$home"
check "/ shows the edited component" grep -qF "data-build-test=\"$token\"" <<<"$home"
check "/ has its canonical link on the new SITE_URL ($(grep -o '<link rel="canonical"[^>]*>' <<<"$home"))" \
  grep -qF "<link rel=\"canonical\" href=\"$site_url/\"" <<<"$home"
code() { curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$1"; }
check "the added file is served" test "$(code /media/documents/build-test-added.pdf)" = 200
check "the deleted file is no longer served ($deleted_url)" test "$(code "$deleted_url")" = 404

if ((failures)); then
  echo "test-build: $failures check(s) failed" >&2
  exit 1
fi
echo "test-build: passed"
