#!/usr/bin/env bash
# The loadgen's UDP runs vs sockperf's own client, against one `sockperf server` pinned to core 1, both
# clients pinned to core 0: throughput at 64 and 1472 bytes, ping-pong p50/p99 at 64 bytes.
# Prints the figures and ratios (goals: loadgen throughput >= 0.7 x sockperf; ping-pong p50 <= 3 x
# sockperf's). Not a test: figures only. Loopback only; every run bounded by DURATION.
#   DURATION=5 WARMUP=1 bench/udp-vs-sockperf.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
require sockperf taskset java curl python3

DURATION=${DURATION:-5} WARMUP=${WARMUP:-1}
SERVER_CORE=${SERVER_CORE:-1} CLIENT_CORE=${CLIENT_CORE:-0}
jar=$root/loadgen-service/target/quarkus-app/quarkus-run.jar
[ -f "$jar" ] || (cd "$root" && mvn -o -q -B -DskipTests package -am -pl loadgen-service)

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

echo "== machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the runs"

udp_port=$(free_port)
taskset -c "$SERVER_CORE" sockperf server -i 127.0.0.1 -p "$udp_port" > "$work/server.log" 2>&1 &
pids+=($!)

token=bench-$RANDOM$RANDOM
api_port=$(free_port)
LOADGEN_API_TOKEN=$token taskset -c "$CLIENT_CORE" java -XX:ActiveProcessorCount=1 -Dquarkus.http.port="$api_port" \
  -Dquarkus.http.host=127.0.0.1 -Dloadgen.data-dir="$work/data" -jar "$jar" > "$work/loadgen.log" 2>&1 &
pids+=($!)
api=http://127.0.0.1:$api_port
wait_http "$api/q/health/ready" 60

# loadgen_run SPEC_JSON -> the finished run's JSON report
loadgen_run() {
  local id deadline=$((SECONDS + DURATION + WARMUP + 30)) state
  id=$(curl -fsS -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d "$1" "$api/runs" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
  while :; do
    state=$(curl -fsS "$api/runs/$id" | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])')
    [ "$state" != running ] && [ "$state" != queued ] && break
    [ $SECONDS -lt $deadline ] || { echo "run $id still $state" >&2; return 1; }
    sleep 0.5
  done
  [ "$state" = completed ] || echo "run $id ended $state" >&2
  curl -fsS "$api/runs/$id/report"
}
field() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval('d' + sys.argv[1]))" "$1"; }
target=udp://127.0.0.1:$udp_port
spec() { printf '{"kind":"%s","target":"%s","messageSize":%d,"duration":"%ds","warmup":"%ds"}' "$1" "$target" "$2" "$DURATION" "$WARMUP"; }
sp() { taskset -c "$CLIENT_CORE" sockperf "$@" -i 127.0.0.1 -p "$udp_port" -t "$DURATION" 2>&1 | sed 's/\x1b\[[0-9;]*m//g'; }

declare -A fig
for size in 64 1472; do
  out=$(sp throughput --msg-size "$size")
  fig[sp_tp_$size]=$(awk '/Message Rate is/ {print $6}' <<<"$out")
  fig[lg_tp_$size]=$(loadgen_run "$(spec udp-throughput "$size")" | field '["messagesPerSecond"]')
done
out=$(sp ping-pong --msg-size 64)
fig[sp_p50]=$(awk '/percentile 50.000/ {print $NF}' <<<"$out")
fig[sp_p99]=$(awk '/percentile 99.000/ {print $NF}' <<<"$out")
report=$(loadgen_run "$(spec udp-pingpong 64)")
fig[lg_p50]=$(field '["latencyMicros"]["p50"]' <<<"$report")
fig[lg_p99]=$(field '["latencyMicros"]["p99"]' <<<"$report")
fig[lg_drop]=$(field '["dropped"]' <<<"$report")

echo "== sockperf server on core $SERVER_CORE; clients on core $CLIENT_CORE; ${DURATION}s runs (loadgen: ${WARMUP}s warm-up first)"
printf '%-28s %14s %14s %8s\n' figure sockperf loadgen ratio
for size in 64 1472; do
  printf '%-28s %14.0f %14.0f %8s\n' "throughput $size B [msg/s]" "${fig[sp_tp_$size]}" "${fig[lg_tp_$size]}" \
    "$(ratio "${fig[lg_tp_$size]}" "${fig[sp_tp_$size]}")"
done
printf '%-28s %14.3f %14.3f %8s\n' "ping-pong p50 64 B [usec]" "${fig[sp_p50]}" "${fig[lg_p50]}" "$(ratio "${fig[lg_p50]}" "${fig[sp_p50]}")"
printf '%-28s %14.3f %14.3f %8s\n' "ping-pong p99 64 B [usec]" "${fig[sp_p99]}" "${fig[lg_p99]}" "$(ratio "${fig[lg_p99]}" "${fig[sp_p99]}")"
echo "loadgen ping-pong dropped: ${fig[lg_drop]}"
echo "goals: throughput ratio >= 0.7; ping-pong p50 ratio <= 3"
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
