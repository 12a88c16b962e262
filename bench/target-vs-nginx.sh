#!/usr/bin/env bash
# target-service vs nginx answering the very same bytes, each pinned to core 1, wrk pinned to core 0.
# Prints both rates and the ratio (goal: target >= 0.5 x nginx in JVM mode). Not a test: figures only.
#   NUMBER=2 WARMUP=15s DURATION=10s CONNECTIONS=50 bench/target-vs-nginx.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
require wrk nginx taskset java curl python3

NUMBER=${NUMBER:-2} WARMUP=${WARMUP:-15s} DURATION=${DURATION:-10s} CONNECTIONS=${CONNECTIONS:-50}
SERVER_CORE=${SERVER_CORE:-1} CLIENT_CORE=${CLIENT_CORE:-0}
jar=$root/target-service/target/quarkus-app/quarkus-run.jar
[ -f "$jar" ] || (cd "$root" && mvn -q -B -DskipTests package -pl target-service)

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

load() { # url -> wrk output of the measured run, after a warm-up run
  export NUMBER
  taskset -c "$CLIENT_CORE" wrk -t1 -c"$CONNECTIONS" -d"$WARMUP" -s "$here/lib/post-number.lua" "$1" >/dev/null
  taskset -c "$CLIENT_CORE" wrk -t1 -c"$CONNECTIONS" -d"$DURATION" -s "$here/lib/post-number.lua" --latency "$1"
}

answer_bytes "$NUMBER" > "$work/answer.json"
nginx_port=$(free_port)
pids+=("$(taskset -c "$SERVER_CORE" bash -c "source '$here/lib/common.sh'; start_nginx '$work/nginx' $nginx_port '$work/answer.json'")")
wait_http "http://127.0.0.1:$nginx_port/status"

target_port=$(free_port)
taskset -c "$SERVER_CORE" java -XX:ActiveProcessorCount=1 -Dquarkus.http.port="$target_port" \
  -Dquarkus.http.host=127.0.0.1 -Dtarget.udp.port="$(free_port)" -jar "$jar" > "$work/target.log" 2>&1 &
pids+=($!)
wait_http "http://127.0.0.1:$target_port/q/health/ready" 60

got=$(curl -fsS -H 'Content-Type: application/json' -d "{\"number\": $NUMBER}" "http://127.0.0.1:$target_port/test/testApi")
[ "$got" = "$(cat "$work/answer.json")" ] || { echo "nginx and target answer different bytes" >&2; exit 1; }

echo "== nginx (1 process, core $SERVER_CORE), number=$NUMBER, wrk -t1 -c$CONNECTIONS -d$DURATION (core $CLIENT_CORE)"
nginx_out=$(load "http://127.0.0.1:$nginx_port/test/testApi"); echo "$nginx_out"
echo "== target-service (JVM, core $SERVER_CORE)"
target_out=$(load "http://127.0.0.1:$target_port/test/testApi"); echo "$target_out"

n=$(wrk_rate "$nginx_out") t=$(wrk_rate "$target_out")
echo
printf 'nginx  %12s req/s\ntarget %12s req/s\nratio target/nginx: %s (goal >= 0.5)\n' "$n" "$t" "$(ratio "$t" "$n")"
