#!/usr/bin/env bash
# Measures the feed API server against nginx serving the same first-page bytes, in one run.
# Usage: benchmarks/api/run.sh   (env: ITEMS, DURATION, THREADS, CONNECTIONS, API_PORT, NGINX_PORT)
set -euo pipefail

ITEMS=${ITEMS:-1000000}
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-64}
API_PORT=${API_PORT:-18081}
NGINX_PORT=${NGINX_PORT:-18082}

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d /tmp/essential-feed-api-bench.XXXXXX)
chmod 755 "$WORK" # nginx workers run as an unprivileged user
SERVER_PID=""
NGINX_PID=""

cleanup() {
    [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
    [[ -n "$NGINX_PID" ]] && kill "$NGINX_PID" 2>/dev/null && wait "$NGINX_PID" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

for tool in wrk nginx curl; do
    command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install -y wrk nginx curl" >&2; exit 1; }
done

wait_for() { # url
    for _ in $(seq 1 200); do
        curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
        sleep 0.05
    done
    echo "nothing answers at $1" >&2
    exit 1
}

# Item n of the synthetic feed has the id 00000000-0000-4000-8000-<n as 12 hex digits>.
item_id() { printf '00000000-0000-4000-8000-%012X' "$1"; }

echo "== Building release"
(cd "$ROOT" && swift build -c release --product essential-feed >/dev/null)
BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/essential-feed"

echo "== Loading $ITEMS synthetic items"
start=$(date +%s.%N)
"$BIN" load-synthetic-feed --database "$WORK/api.sqlite" --items "$ITEMS"
echo "   loaded in $(echo "$(date +%s.%N) - $start" | bc) s ($(du -h "$WORK/api.sqlite" | cut -f1))"

"$BIN" api --port "$API_PORT" --database "$WORK/api.sqlite" 2>"$WORK/api.log" &
SERVER_PID=$!
API="http://127.0.0.1:$API_PORT"
wait_for "$API/essential-feed/v1/feed"

FIRST="$API/essential-feed/v1/feed"
DEEP="$API/essential-feed/v1/feed?after_id=$(item_id $((ITEMS - 10)))"
COMMENTS="$API/essential-feed/v1/image/$(item_id 1)/comments"

mkdir -p "$WORK/www"
curl -fsS "$FIRST" -o "$WORK/www/feed.json"
[[ $(curl -fsS "$DEEP" | grep -o '"id"' | wc -l) -eq 10 ]] || { echo "the deep page is not full" >&2; exit 1; }

cat > "$WORK/nginx.conf" <<NGINX
daemon off;
worker_processes auto;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 4096; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    client_body_temp_path $WORK/nginx-tmp;
    proxy_temp_path $WORK/nginx-tmp;
    fastcgi_temp_path $WORK/nginx-tmp;
    uwsgi_temp_path $WORK/nginx-tmp;
    scgi_temp_path $WORK/nginx-tmp;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        root $WORK/www;
        location = /feed.json { default_type application/json; }
    }
}
NGINX
nginx -c "$WORK/nginx.conf" -p "$WORK" &
NGINX_PID=$!
NGINX_URL="http://127.0.0.1:$NGINX_PORT/feed.json"
wait_for "$NGINX_URL"
cmp -s "$WORK/www/feed.json" <(curl -fsS "$NGINX_URL") || { echo "nginx serves other bytes" >&2; exit 1; }

measure() { # name url -> "name rps p99"
    wrk -t"$THREADS" -c"$CONNECTIONS" -d2s "$2" >/dev/null # warm up
    local out rps p99
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$2")
    if grep -q "Non-2xx" <<<"$out"; then echo "$1 answered errors:" >&2; echo "$out" >&2; exit 1; fi
    rps=$(awk '/Requests\/sec:/ {print $2}' <<<"$out")
    p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
    echo "$1 $rps $p99"
}

echo "== wrk -t$THREADS -c$CONNECTIONS -d$DURATION on loopback; $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')"
results=()
results+=("$(measure nginx-static-first-page "$NGINX_URL")")
results+=("$(measure api-first-page "$FIRST")")
results+=("$(measure api-page-$((ITEMS - 10))-deep "$DEEP")")
results+=("$(measure api-image-comments "$COMMENTS")")

nginx_rps=$(awk '{print $2}' <<<"${results[0]}")
printf '%-30s %14s %10s %10s\n' target requests/s p99 vs-nginx
for line in "${results[@]}"; do
    read -r name rps p99 <<<"$line"
    printf '%-30s %14s %10s %10s\n' "$name" "$rps" "$p99" "$(echo "scale=2; $rps / $nginx_rps" | bc)"
done
echo "first page: $(wc -c <"$WORK/www/feed.json") bytes"
