#!/usr/bin/env bash
# Benchmarks `locsim serve` against nginx serving a static file of the same size, with the same
# load client (wrk), in the same run: requests/s and p50/p99 latency over persistent connections
# at 1, 8 and 64 connections, then the server's resident memory before and after 1,000,000
# replayed requests. Installs Debian's nginx and wrk when missing (apt-get; needs root).
#
#   scripts/bench-serve.sh            # builds locsim in release mode first
#   LOCSIM=path/to/locsim DURATION=10 RUNS=3 scripts/bench-serve.sh
#
# Prints a Markdown table per run (RUNS, default 1: on a shared machine run several and report
# the spread; docs/serve.md, Performance, has the figures of the last runs).
# portability: linux-only (apt-get, nginx and wrk from Debian, /proc for resident memory)
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-10}
runs=${RUNS:-1}

if ! command -v nginx >/dev/null || ! command -v wrk >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx wrk >/dev/null
fi
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
if [ -z "${LOCSIM:-}" ]; then
    swift build -c release --product locsim >/dev/null
    LOCSIM=$(swift build -c release --show-bin-path)/locsim
fi

work=$(mktemp -d)
cleanup() {
    [ -n "${serve_pid:-}" ] && kill "$serve_pid" 2>/dev/null || true
    [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# locsim serve over the franklin-la scenario: one recorded Aeris answer, replayed every time (its
# line per request goes to stderr, here /dev/null).
coproc SERVE { exec "$LOCSIM" serve franklin-la --port 0 2>/dev/null; }
serve_pid=$SERVE_PID
read -r first <&"${SERVE[0]}"
serve_base=${first#listening on }
serve_url="$serve_base/aeris/advisories/franklin,la,us?client_id=bench&client_secret=bench"
curl -sS -o "$work/advisory.json" "$serve_url"
size=$(stat -c %s "$work/advisory.json")

# nginx serving the same bytes as a static file, keep-alive, no access log.
port=$(( 20000 + RANDOM % 20000 ))
mkdir -p "$work/www" "$work/logs"
cp "$work/advisory.json" "$work/www/advisory.json"
cat > "$work/nginx.conf" <<CONF
worker_processes auto;
pid $work/nginx.pid;
error_log $work/logs/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    keepalive_requests 10000000;
    keepalive_timeout 60s;
    default_type application/json;
    client_body_temp_path $work/logs;
    server { listen 127.0.0.1:$port; root $work/www; }
}
CONF
"$nginx_bin" -c "$work/nginx.conf" -p "$work"
nginx_url="http://127.0.0.1:$port/advisory.json"
for _ in 1 2 3 4 5 6 7 8 9 10; do curl -fsS -o /dev/null "$nginx_url" 2>/dev/null && break; sleep 0.2; done

# wrk's summary: requests/s, p50 and p99 latency.
measure() {
    local url=$1 connections=$2 threads=$(( $2 < 2 ? 1 : 2 ))
    wrk -t "$threads" -c "$connections" -d "${duration}s" --latency "$url" | awk '
        /Requests\/sec:/ { rps = $2 }
        $1 == "50%" { p50 = $2 }
        $1 == "99%" { p99 = $2 }
        END { printf "%.0f %s %s", rps, p50, p99 }'
}
rss() { awk '/VmRSS/ { print $2 }' "/proc/$1/status"; }

echo "Body: $size bytes; $(nproc) cores; ${duration} s per run; wrk threads: 1 at 1 connection, else 2."
for run in $(seq "$runs"); do
    echo
    [ "$runs" -gt 1 ] && echo "Run $run of $runs (load average $(cut -d' ' -f1-3 /proc/loadavg)):" && echo
    echo "| connections | locsim serve req/s | p50 | p99 | nginx req/s | p50 | p99 | serve / nginx |"
    echo "|---:|---:|---:|---:|---:|---:|---:|---:|"
    for connections in 1 8 64; do
        read -r s_rps s_p50 s_p99 <<<"$(measure "$serve_url" "$connections")"
        read -r n_rps n_p50 n_p99 <<<"$(measure "$nginx_url" "$connections")"
        ratio=$(awk -v a="$s_rps" -v b="$n_rps" 'BEGIN { printf "%.2f", a / b }')
        echo "| $connections | $s_rps | $s_p50 | $s_p99 | $n_rps | $n_p50 | $n_p99 | $ratio |"
        last_rate=$s_rps
    done
done

# Memory over at least 1,000,000 requests at 64 connections, in two halves: flat means the
# second half adds nothing (the first may still fill the request log's 10,000-entry ring).
half=$(( 500000 * 13 / 10 / (last_rate > 0 ? last_rate : 1) + 2 ))
before=$(rss "$serve_pid")
first_half=$(wrk -t 2 -c 64 -d "${half}s" "$serve_url" | awk '/requests in/ { print $1 }')
middle=$(rss "$serve_pid")
second_half=$(wrk -t 2 -c 64 -d "${half}s" "$serve_url" | awk '/requests in/ { print $1 }')
after=$(rss "$serve_pid")
echo
echo "Memory (VmRSS of locsim serve): $before KiB before, $middle KiB after $first_half requests," \
    "$after KiB after $second_half more ($(( first_half + second_half )) in all)."
