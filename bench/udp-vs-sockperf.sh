#!/usr/bin/env bash
# The loadgen's UDP runs vs sockperf's own client, against one `sockperf server` pinned to core 1, both
# clients pinned to core 0. For each of SIZES, RUNS alternating flat-out throughput runs (sockperf, loadgen,
# sockperf, ...), each side's msg/s and process CPU time per message sent (user + system from /proc,
# bench/lib/cpu.py), their medians and the ratios (goals: loadgen msg/s >= 1.0 x sockperf's, CPU per message
# <= 1.0 x). Then one ping-pong at 64 B, p50/p99 (goal: p50 <= 3 x sockperf's). Not a test: figures only.
# Loopback only; every run bounded by DURATION. JAR picks another build of the loadgen (a before/after pair).
#   RUNS=5 SIZES="64 1472" DURATION=5 WARMUP=1 [JAR=...] bench/udp-vs-sockperf.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
require sockperf taskset java curl python3

DURATION=${DURATION:-5} WARMUP=${WARMUP:-1} RUNS=${RUNS:-5} SIZES=${SIZES:-64 1472}
SERVER_CORE=${SERVER_CORE:-1} CLIENT_CORE=${CLIENT_CORE:-0}
jar=${JAR:-$root/loadgen-service/target/quarkus-app/quarkus-run.jar}
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

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
us_per() { awk -v c="$1" -v n="$2" 'BEGIN { printf "%.3f", (n > 0 ? c * 1e6 / n : 0) }'; }
echo "== jar: $jar"
echo "== sockperf server on core $SERVER_CORE; clients on core $CLIENT_CORE; $RUNS alternating ${DURATION}s flat-out"
echo "   throughput runs per size (loadgen: ${WARMUP}s warm-up first). CPU = user + system time from /proc/<pid>/stat:"
echo "   sockperf's whole life, the loadgen's over its measured part, against the messages sent in that same window."
summary=()
for size in $SIZES; do
  printf '\n-- %d B\n%-4s %12s %10s %12s   %12s %10s %12s\n' "$size" run 'sp msg/s' 'sp CPU s' 'sp us/msg' 'lg msg/s' 'lg CPU s' 'lg us/msg'
  s_costs='' l_costs='' s_rates='' l_rates=''
  for i in $(seq 1 "$RUNS"); do
    out=$(python3 "$here/lib/cpu.py" child "$work/sp.cpu" -- taskset -c "$CLIENT_CORE" sockperf throughput -i 127.0.0.1 \
      -p "$udp_port" -t "$DURATION" --msg-size "$size" 2>&1 | sed 's/\x1b\[[0-9;]*m//g')
    s_cpu=$(cat "$work/sp.cpu")
    s_msg=$(awk '/Total of .* messages sent/ {print $4}' <<<"$out")
    s_rate=$(awk '/Message Rate is/ {print $6}' <<<"$out")
    read -r l_cpu l_msg l_json < <(python3 "$here/lib/cpu.py" loadgen "$api" "$token" "$lg_pid" "$(spec udp-throughput "$size")")
    l_rate=$(field '["messagesPerSecond"]' <<<"$l_json")
    sc=$(us_per "$s_cpu" "$s_msg") lc=$(us_per "$l_cpu" "$l_msg")
    printf '%-4s %12.0f %10.2f %12s   %12.0f %10.2f %12s\n' "$i" "$s_rate" "$s_cpu" "$sc" "$l_rate" "$l_cpu" "$lc"
    s_costs+=" $sc" l_costs+=" $lc" s_rates+=" $s_rate" l_rates+=" $l_rate"
  done
  msr=$(median <<<"$s_rates") mlr=$(median <<<"$l_rates") msc=$(median <<<"$s_costs") mlc=$(median <<<"$l_costs")
  summary+=("$(printf '%-6s %12.0f %12.0f %8s %10s %10s %8s' "$size B" "$msr" "$mlr" "$(ratio "$mlr" "$msr")" "$msc" "$mlc" \
    "$(ratio "$mlc" "$msc")")")
done
out=$(sp ping-pong --msg-size 64)
sp_p50=$(awk '/percentile 50.000/ {print $NF}' <<<"$out")
sp_p99=$(awk '/percentile 99.000/ {print $NF}' <<<"$out")
report=$(loadgen_run "$(spec udp-pingpong 64)")
lg_p50=$(field '["latencyMicros"]["p50"]' <<<"$report")
lg_p99=$(field '["latencyMicros"]["p99"]' <<<"$report")
echo
echo "== medians of $RUNS alternating runs (goals: msg/s ratio >= 1.0, CPU per message ratio <= 1.0)"
printf '%-6s %12s %12s %8s %10s %10s %8s\n' size 'sp msg/s' 'lg msg/s' ratio 'sp us/msg' 'lg us/msg' ratio
printf '%s\n' "${summary[@]}"
printf '%-28s %10.3f %10.3f %8s\n' "ping-pong p50 64 B [usec]" "$sp_p50" "$lg_p50" "$(ratio "$lg_p50" "$sp_p50")"
printf '%-28s %10.3f %10.3f %8s\n' "ping-pong p99 64 B [usec]" "$sp_p99" "$lg_p99" "$(ratio "$lg_p99" "$sp_p99")"
echo "loadgen ping-pong dropped: $(field '["dropped"]' <<<"$report") (goal: p50 ratio <= 3)"
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
