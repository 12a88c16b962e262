#!/usr/bin/env bash
# loadgen vs wrk against one nginx, same settings, same single core: 50 connections, 1 event loop,
# closed model. nginx runs on core 1, each generator on core 0 in turn. Prints both rates, the
# ratio (goal >= 0.8), and the loadgen's resident memory after a short and a long run.
# Env: DURATION (10), WARMUP (5, JIT warm-up of the loadgen), DURATION_LONG (60), CONNECTIONS (50),
#      PORT (a free one), GEN_CORE (0), NGINX_CORE (1).
set -euo pipefail

DURATION=${DURATION:-10}
WARMUP=${WARMUP:-5}
DURATION_LONG=${DURATION_LONG:-60}
CONNECTIONS=${CONNECTIONS:-50}
GEN_CORE=${GEN_CORE:-0}
NGINX_CORE=${NGINX_CORE:-1}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BODY='{"code":200,"msg":"ok","body":[{"name":"nginx","author":"Igor Sysoev","version":"1.18","desp":"高性能代理工具"},{"name":"nginx","author":"Igor Sysoev","version":"1.18","desp":"高性能代理工具"}]}'

for tool in nginx wrk taskset java mvn; do
  command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || { echo "missing: $tool" >&2; exit 1; }
done
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
PORT=${PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 18089)}
URL="http://127.0.0.1:${PORT}/test/testApi"

TMP=$(mktemp -d)
NGINX_PID=""
cleanup() {
  if [ -n "$NGINX_PID" ]; then kill "$NGINX_PID" 2>/dev/null || true; wait "$NGINX_PID" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT INT TERM

cat >"$TMP/nginx.conf" <<CONF
daemon off; master_process off; worker_processes 1;
pid $TMP/nginx.pid; error_log $TMP/error.log warn;
events { worker_connections 4096; }
http {
  access_log off; keepalive_requests 100000000; keepalive_timeout 300s;
  client_body_temp_path $TMP/body; proxy_temp_path $TMP/proxy; fastcgi_temp_path $TMP/fcgi;
  uwsgi_temp_path $TMP/uwsgi; scgi_temp_path $TMP/scgi;
  server {
    listen 127.0.0.1:${PORT};
    location / { default_type application/json; return 200 '${BODY}'; }
  }
}
CONF
taskset -c "$NGINX_CORE" "$NGINX" -p "$TMP" -c "$TMP/nginx.conf" &
NGINX_PID=$!
for _ in $(seq 50); do
  (exec 3<>"/dev/tcp/127.0.0.1/${PORT}") 2>/dev/null && break
  sleep 0.1
done

echo "== build (test classes hold the command-line runner)"
(cd "$ROOT" && mvn -o -q -B test-compile -pl loadgen-service)
(cd "$ROOT/loadgen-service" && mvn -o -q -B dependency:build-classpath -Dmdep.outputFile=target/bench.cp)
CP="$ROOT/loadgen-service/target/test-classes:$ROOT/loadgen-service/target/classes:$(cat "$ROOT/loadgen-service/target/bench.cp")"

# The one place the loadgen is driven; once the REST API lands, POST /runs here instead.
# Args: warm-up seconds, measured seconds. Prints the runner's key=value line.
run_loadgen() {
  timeout $(( $1 + $2 + 60 )) taskset -c "$GEN_CORE" java -cp "$CP" io.loadlab.loadgen.http.HttpBench \
    "$URL" "$CONNECTIONS" 1 "$1" "$2" 2>"$TMP/loadgen.err" | tail -1
}
field() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p"; }

echo "== load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== wrk -t1 -c${CONNECTIONS} -d${DURATION}s on core ${GEN_CORE}"
WRK_OUT=$(timeout $(( DURATION + 30 )) taskset -c "$GEN_CORE" wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" "$URL")
echo "$WRK_OUT" | sed 's/^/   /'
WRK_RATE=$(echo "$WRK_OUT" | awk '/Requests\/sec/ {print $2}')

echo "== loadgen, ${CONNECTIONS} connections, 1 event loop, closed model, ${WARMUP}s warm-up + ${DURATION}s on core ${GEN_CORE}"
LG_OUT=$(run_loadgen "$WARMUP" "$DURATION")
echo "   $LG_OUT"
LG_RATE=$(echo "$LG_OUT" | field rate)

echo "== result"
printf '   wrk      %12.1f req/s\n   loadgen  %12.1f req/s\n   ratio    %12.3f (goal >= 0.8)\n' \
  "$WRK_RATE" "$LG_RATE" "$(echo "$LG_RATE / $WRK_RATE" | bc -l)"

echo "== loadgen RSS"
echo "   after a 5 s run:  $(run_loadgen 0 5 | field rss_kib) KiB"
echo "   after a ${DURATION_LONG} s run: $(run_loadgen 0 "$DURATION_LONG" | field rss_kib) KiB"
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
