#!/usr/bin/env bash
# The loadgen's UDP runs vs sockperf's own client, against one `sockperf server` pinned to core 1, both
# clients pinned to core 0: throughput at 64 and 1472 bytes, ping-pong p50/p99 at 64 bytes.
# Prints the figures and ratios (goals: loadgen throughput >= 0.7 x sockperf; ping-pong p50 <= 3 x
# sockperf's). Then RUNS alternating throughput runs at CPU_SIZE bytes (sockperf, loadgen, sockperf, ...) print
# each side's process CPU time per message sent (user + system from /proc, bench/lib/cpu.py), the medians and
# the ratio (goal <= 1.0). Not a test: figures only. Loopback only; every run bounded by DURATION.
#   RUNS=5 CPU_SIZE=64 DURATION=5 WARMUP=1 bench/udp-vs-sockperf.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
require sockperf taskset java curl python3

DURATION=${DURATION:-5} WARMUP=${WARMUP:-1} RUNS=${RUNS:-5} CPU_SIZE=${CPU_SIZE:-64}
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
lg_pid=$!
pids+=("$lg_pid")
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
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
us_per() { awk -v c="$1" -v n="$2" 'BEGIN { printf "%.3f", (n > 0 ? c * 1e6 / n : 0) }'; }
echo "== CPU per message: $RUNS alternating ${DURATION}s throughput runs at $CPU_SIZE B, sockperf then loadgen. CPU = user +"
echo "   system time from /proc/<pid>/stat: sockperf's whole life, the loadgen's over its measured part, against the"
echo "   messages sent in that same window."
printf '%-4s %12s %10s %12s   %12s %10s %12s\n' run 'sp msg/s' 'sp CPU s' 'sp us/msg' 'lg msg/s' 'lg CPU s' 'lg us/msg'
s_costs='' l_costs=''
for i in $(seq 1 "$RUNS"); do
  out=$(python3 "$here/lib/cpu.py" child "$work/sp.cpu" -- taskset -c "$CLIENT_CORE" sockperf throughput -i 127.0.0.1 \
    -p "$udp_port" -t "$DURATION" --msg-size "$CPU_SIZE" 2>&1 | sed 's/\x1b\[[0-9;]*m//g')
  s_cpu=$(cat "$work/sp.cpu")
  s_msg=$(awk '/Total of .* messages sent/ {print $4}' <<<"$out")
  s_rate=$(awk '/Message Rate is/ {print $6}' <<<"$out")
  read -r l_cpu l_msg l_json < <(python3 "$here/lib/cpu.py" loadgen "$api" "$token" "$lg_pid" "$(spec udp-throughput "$CPU_SIZE")")
  l_rate=$(field '["messagesPerSecond"]' <<<"$l_json")
  sc=$(us_per "$s_cpu" "$s_msg") lc=$(us_per "$l_cpu" "$l_msg")
  printf '%-4s %12.0f %10.2f %12s   %12.0f %10.2f %12s\n' "$i" "$s_rate" "$s_cpu" "$sc" "$l_rate" "$l_cpu" "$lc"
  s_costs+=" $sc" l_costs+=" $lc"
done
msc=$(median <<<"$s_costs") mlc=$(median <<<"$l_costs")
printf '\nmedian CPU per message: sockperf %s us, loadgen %s us; ratio loadgen/sockperf %s (goal <= 1.0)\n' "$msc" "$mlc" "$(ratio "$mlc" "$msc")"
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
