#!/usr/bin/env bash
# The loadgen's iperf3 engine vs the stock iperf3 client: TCP bulk upload, 1 and 4 streams, against one stock
# `iperf3 -s` pinned to core 1, both clients pinned to core 0, on loopback. RUNS alternating runs each (engine,
# iperf3, engine, ...), every run printed, then medians and ratios: Gbit/s (the server's received bytes over the
# measured time) and client CPU seconds per GB sent (each client's own CPU figure as iperf3 reports it: process
# CPU time over the test). Goal: engine >= 0.9 x iperf3's rate. Not a test: figures only.
# The engine runs from the test classpath (io.loadlab.loadgen.iperf.IperfBenchMain) until it is a run kind.
#   RUNS=5 DURATION=5 bench/tcp-vs-iperf3.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
PKG[iperf3]=iperf3
require iperf3 taskset java python3 mvn

RUNS=${RUNS:-5} DURATION=${DURATION:-5}
SERVER_CORE=${SERVER_CORE:-1} CLIENT_CORE=${CLIENT_CORE:-0}
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

(cd "$root" && mvn -o -q -B -pl loadgen-service -am test-compile -Dquarkus.build.skip=true)
(cd "$root" && mvn -o -q -B -pl common dependency:build-classpath -Dmdep.includeScope=compile -Dmdep.outputFile="$work/cp.txt")
cp=$root/loadgen-service/target/classes:$root/loadgen-service/target/test-classes:$root/common/target/classes:$(cat "$work/cp.txt")

echo "== machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the runs"
port=$(free_port)
taskset -c "$SERVER_CORE" iperf3 -s -B 127.0.0.1 -p "$port" > "$work/server.log" 2>&1 &
pids+=($!)
sleep 0.5

# each prints: Gbit/s CPU-seconds-per-GB
engine() {
  local out
  out=$(taskset -c "$CLIENT_CORE" java -XX:ActiveProcessorCount=1 -cp "$cp" io.loadlab.loadgen.iperf.IperfBenchMain "$port" "$1" "$DURATION" | tail -1)
  python3 -c '
import sys
f = dict(kv.split("=") for kv in sys.argv[1].split())
b, s, cpu = int(f["bytes"]), float(f["seconds"]), float(f["cpu_percent"])
print("%.3f %.3f" % (b * 8 / s / 1e9, cpu / 100 * s / (b / 1e9)))' "$out"
}
stock() {
  taskset -c "$CLIENT_CORE" iperf3 -c 127.0.0.1 -p "$port" -P "$1" -t "$DURATION" -J > "$work/client.json"
  python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))["end"]
r = e["sum_received"]; s = e["sum_sent"]["seconds"]
print("%.3f %.3f" % (r["bytes"] * 8 / r["seconds"] / 1e9, e["cpu_utilization_percent"]["host_total"] / 100 * s / (e["sum_sent"]["bytes"] / 1e9)))' "$work/client.json"
}

median() { python3 -c 'import statistics,sys; print("%.3f" % statistics.median(map(float, sys.argv[1:])))' "$@"; }

printf '%-8s %-7s %4s %10s %12s\n' streams client run Gbit/s cpu-s/GB
for streams in 1 4; do
  eg=() ec=() sg=() sc=()
  for ((i = 1; i <= RUNS; i++)); do
    read -r g c < <(engine "$streams"); eg+=("$g"); ec+=("$c")
    printf '%-8s %-7s %4d %10s %12s\n' "$streams" engine "$i" "$g" "$c"
    read -r g c < <(stock "$streams"); sg+=("$g"); sc+=("$c")
    printf '%-8s %-7s %4d %10s %12s\n' "$streams" iperf3 "$i" "$g" "$c"
  done
  mg=$(median "${eg[@]}") mc=$(median "${ec[@]}") ig=$(median "${sg[@]}") ic=$(median "${sc[@]}")
  echo "== $streams stream(s), medians of $RUNS: engine $mg Gbit/s $mc cpu-s/GB; iperf3 $ig Gbit/s $ic cpu-s/GB;" \
    "rate ratio engine/iperf3 $(python3 -c "print('%.2f' % ($mg / $ig))"), CPU/GB ratio $(python3 -c "print('%.2f' % ($mc / $ic))")"
done
