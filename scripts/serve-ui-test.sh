#!/usr/bin/env bash
# What a UI test (or any language) does with `locsim serve`, in curl: start it on a free port,
# read the port from the first line, send the app's requests, assert on /__locsim/requests,
# shut it down over HTTP and check it exits 0. LOCSIM names the executable (default: locsim on
# PATH); run from anywhere, it serves this repository's Recordings/franklin-la.
set -euo pipefail
cd "$(dirname "$0")/.."
locsim=${LOCSIM:-locsim}
command -v curl >/dev/null || { echo "serve-ui-test: curl is not installed" >&2; exit 77; }

fail() { echo "serve-ui-test: $*" >&2; exit 1; }

coproc SERVER { exec "$locsim" serve franklin-la --port 0 2>/dev/null; }
server_pid=$SERVER_PID
trap 'kill "$server_pid" 2>/dev/null || true' EXIT
read -r first <&"${SERVER[0]}" || fail "no first line"
[[ $first =~ ^listening\ on\ (http://127\.0\.0\.1:[0-9]+)$ ]] || fail "unexpected first line: $first"
base=${BASH_REMATCH[1]}

[ "$(curl -sS "$base/__locsim/health")" = '{"mode":"none","requests":0,"status":"ok"}' ] || fail "health"
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
trap - EXIT
[ "$status" = 0 ] || fail "locsim serve exited $status"
echo "serve-ui-test: ok"
