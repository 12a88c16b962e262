#!/usr/bin/env bash
# The packaged loadgen's iperf runs vs the stock iperf3 client: TCP bulk upload, 1 and 4 streams, against one stock
# `iperf3 -s` pinned to SERVER_CORE, both clients on CLIENT_CORE, on loopback. The loadgen is one process for all
# runs, driven through POST /runs (kind iperf) as a user would drive it; iperf3's client is a fresh process each
# run. RUNS alternating runs each (loadgen, iperf3, loadgen, ...), every run printed, then medians and ratios:
#   Gbit/s   the server's received bytes over the measured time (the loadgen's report, iperf3's sum_received);
#   cpu-s/GB the client process's CPU time (user + system, from /proc/<pid>/stat, bench/lib/cpu.py) per GB sent:
#            iperf3's whole life, the loadgen's from just before the POST to the poll that sees the run end (so
#            its REST handling and 4 polls a second are in, as the user's cost; no warm-up on either side).
# Goal: loadgen >= 0.9 x iperf3's rate. Not a test: figures only.
#   RUNS=5 DURATION=5 bench/tcp-vs-iperf3.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
PKG[iperf3]=iperf3
require iperf3 taskset java python3 curl

RUNS=${RUNS:-5} DURATION=${DURATION:-5}
SERVER_CORE=${SERVER_CORE:-1} CLIENT_CORE=${CLIENT_CORE:-0}
[ -f "$root/loadgen-service/target/quarkus-app/quarkus-run.jar" ] || (cd "$root" && mvn -q -B -DskipTests package -am -pl loadgen-service)
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

echo "== machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the runs"
port=$(free_port)
taskset -c "$SERVER_CORE" iperf3 -s -B 127.0.0.1 -p "$port" > "$work/server.log" 2>&1 &
pids+=($!)
token=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
lg_port=$(free_port)
LOADGEN_JAVA_OPTS="-XX:ActiveProcessorCount=1 ${LOADGEN_JAVA_OPTS:-}"
lg_pid=$(start_loadgen "$lg_port" "$token" "$work/loadgen.log" "$CLIENT_CORE")
pids+=("$lg_pid")
wait_http "http://127.0.0.1:$lg_port/q/health/ready" 60

# iperf3's server stops listening for a moment between tests: a run refused then is tried again (at most 20 times)
loadgen() { # streams -> "Gbit/s cpu-s/GB"
  local spec out
  spec=$(printf '{"kind":"iperf","target":"tcp://127.0.0.1:%s","protocol":"tcp","streams":%d,"direction":"up","duration":"%ss","warmup":"0s"}' \
    "$port" "$1" "$DURATION")
  for _ in $(seq 1 20); do
    out=$(python3 "$here/lib/cpu.py" whole "http://127.0.0.1:$lg_port" "$token" "$lg_pid" "$spec")
    out=$(python3 -c '
import json, sys
cpu, _, report = sys.argv[1].split(" ", 2)
r = json.loads(report)
if r.get("error"):
    print("error " + r["error"])
    sys.exit()
s = r["directions"][0]["sum"]
print("%.3f %.3f" % (s["receivedBytes"] * 8 / s["seconds"] / 1e9, float(cpu) / (s["sentBytes"] / 1e9)))' "$out")
    case $out in
      *'Connection refused'*) sleep 0.25 ;;
      error*) echo "loadgen run: $out" >&2; return 1 ;;
      *) echo "$out"; return 0 ;;
    esac
  done
  echo "loadgen run: refused 20 times" >&2; return 1
}
stock() { # streams -> "Gbit/s cpu-s/GB"
  for _ in $(seq 1 20); do
    python3 "$here/lib/cpu.py" child "$work/client.cpu" -- taskset -c "$CLIENT_CORE" \
      iperf3 -c 127.0.0.1 -p "$port" -P "$1" -t "$DURATION" -J > "$work/client.json" && break
    sleep 0.25
  done
  python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))["end"]
r = e["sum_received"]
print("%.3f %.3f" % (r["bytes"] * 8 / r["seconds"] / 1e9, float(open(sys.argv[2]).read()) / (e["sum_sent"]["bytes"] / 1e9)))' \
    "$work/client.json" "$work/client.cpu"
}

median() { python3 -c 'import statistics,sys; print("%.3f" % statistics.median(map(float, sys.argv[1:])))' "$@"; }

echo "== $RUNS alternating runs of ${DURATION}s each way: the loadgen (pid $lg_pid) via POST /runs, then iperf3 -c;"
echo "   iperf3 -s on core $SERVER_CORE, both clients on core $CLIENT_CORE"
printf '%-8s %-8s %4s %10s %12s\n' streams client run Gbit/s cpu-s/GB
for streams in 1 4; do
  lg=() lc=() sg=() sc=()
  for ((i = 1; i <= RUNS; i++)); do
    read -r g c < <(loadgen "$streams"); lg+=("$g"); lc+=("$c")
    printf '%-8s %-8s %4d %10s %12s\n' "$streams" loadgen "$i" "$g" "$c"
    read -r g c < <(stock "$streams"); sg+=("$g"); sc+=("$c")
    printf '%-8s %-8s %4d %10s %12s\n' "$streams" iperf3 "$i" "$g" "$c"
  done
  mg=$(median "${lg[@]}") mc=$(median "${lc[@]}") ig=$(median "${sg[@]}") ic=$(median "${sc[@]}")
  echo "== $streams stream(s), medians of $RUNS: loadgen $mg Gbit/s $mc cpu-s/GB; iperf3 $ig Gbit/s $ic cpu-s/GB;" \
    "rate ratio loadgen/iperf3 $(ratio "$mg" "$ig") (goal >= 0.9), CPU/GB ratio $(ratio "$mc" "$ic")"
done
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
