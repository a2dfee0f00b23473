#!/usr/bin/env bash
# The iOS UI-test recipe of docs/serve.md, as a script: start `locsim serve` before the tests,
# wait for its --ready-file (no parsing of standard output), run the tests with the base URL in
# TEST_RUNNER_LOCSIM_BASE_URL (xcodebuild hands TEST_RUNNER_-prefixed variables to the test
# runner without the prefix, where the UI test passes it to the app via launchEnvironment), then
# shut the server down over HTTP and check it exits 0.
#
#   scripts/serve-ui-test.sh xcodebuild test -scheme MyApp -destination 'platform=iOS Simulator,name=iPhone 16'
#
# With no command it checks the server itself with curl (what the test suite runs): the recorded
# advisory, a miss, /__locsim/requests. LOCSIM names the executable (default: locsim on PATH),
# SCENARIO the scenario (default: franklin-la, from this repository's Recordings).
set -euo pipefail
cd "$(dirname "$0")/.."
locsim=${LOCSIM:-locsim}
scenario=${SCENARIO:-franklin-la}
command -v curl >/dev/null || { echo "serve-ui-test: curl is not installed" >&2; exit 77; }

fail() { echo "serve-ui-test: $*" >&2; exit 1; }

work=$(mktemp -d)
ready=$work/serve.url
# Standard error goes to a file: serving never waits for it, and the file is there to read.
"$locsim" serve "$scenario" --port 0 --ready-file "$ready" >/dev/null 2>"$work/serve.log" &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 600); do
    [ -s "$ready" ] && break
    kill -0 "$server_pid" 2>/dev/null || fail "locsim serve exited before listening: $(cat "$work/serve.log")"
    sleep 0.05
done
[ -s "$ready" ] || fail "no ready file after 30 s"
base=$(cat "$ready")
[[ $base =~ ^http://127\.0\.0\.1:[0-9]+$ ]] || fail "unexpected ready file: $base"

if [ $# -gt 0 ]; then
    status=0
    TEST_RUNNER_LOCSIM_BASE_URL=$base "$@" || status=$?
    curl -sS -X POST "$base/__locsim/shutdown" >/dev/null || fail "shutdown"
    wait "$server_pid" || fail "locsim serve exited $?"
    trap 'rm -rf "$work"' EXIT
    exit "$status"
fi

[ "$(curl -sS "$base/__locsim/health")" = '{"dropped_lines":0,"mode":"none","requests":0,"status":"ok"}' ] ||
    fail "health"
body=$(curl -sS "$base/aeris/advisories/franklin,la,us?client_id=app&client_secret=app")
grep -q 'COASTAL FLOOD ADVISORY' <<<"$body" || fail "the recorded advisory was not answered: $body"
code=$(curl -sS -o /dev/null -w '%{http_code}' "$base/aeris/advisories/houma,la,us?client_id=app&client_secret=app")
[ "$code" = 404 ] || fail "a request not recorded answered $code, not 404"

log=$(curl -sS "$base/__locsim/requests")
grep -q '^{"count":2,"requests":\[' <<<"$log" || fail "requests log: $log"
grep -q '"outcome":"replayed","path":"/aeris/advisories/franklin,la,us?client_id=' <<<"$log" || fail "no replayed entry: $log"
grep -q '"outcome":"miss","path":"/aeris/advisories/houma,la,us?' <<<"$log" || fail "no miss entry: $log"

[ "$(curl -sS -X POST "$base/__locsim/shutdown")" = '{"status":"shutting down"}' ] || fail "shutdown"
status=0
wait "$server_pid" || status=$?
trap 'rm -rf "$work"' EXIT
[ "$status" = 0 ] || fail "locsim serve exited $status"
echo "serve-ui-test: ok"
