#!/usr/bin/env bash
# A distributed run (issue 12) against one nginx on loopback: one agent, then two, driven through a controller
# (an ordinary loadgen started with -Dloadgen.agents=<both agents>). RUNS alternating pairs (1 agent, 2 agents, 1, 2,
# ...), each agent given the same part every time (PER_AGENT_CONNECTIONS connections, one event loop,
# PER_AGENT_RATE requests/s; RATE 0 per agent = closed model), so the two sides differ only in the agent count.
# Per run it prints the merged requests/s, the sum of the agents' own requests/s (report agents[].requestsPerSecond)
# and their ratio, which must be 1 within 2% (the merge adds, it never averages: the script exits 1 otherwise), and
# the controller's CPU time (user + system from /proc/<pid>/stat, bench/lib/cpu.py "whole": from just before the POST
# to the poll that sees the run end, so agent checks, clock offsets, interval polls and the merge are all in) per
# agent per second of that span. Then the medians for one and for two agents.
# Then the same pairs for udp-throughput against one `sockperf server` (UDP_PER_AGENT_RATE messages/s of 200 bytes
# per agent): the merged messages (report merged.messagesSent) against the sum of the agents' own (agents[].requests,
# messages sent), which must be equal exactly (ratio 1.0000, else it exits 1), and the controller's CPU likewise.
# Then the same for iperf (iperf_lines, at the end).
#   RUNS=3 DURATION=10s WARMUP=2s PER_AGENT_RATE=1000 PER_AGENT_CONNECTIONS=4 UDP_PER_AGENT_RATE=20000 IPERF_DURATION=3s IPERF_PER_AGENT_BITS=50000000 bench/distributed.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
require nginx java curl python3 sockperf

DURATION=${DURATION:-10s} WARMUP=${WARMUP:-2s} RUNS=${RUNS:-3}
PER_AGENT_RATE=${PER_AGENT_RATE:-1000} PER_AGENT_CONNECTIONS=${PER_AGENT_CONNECTIONS:-4}
UDP_PER_AGENT_RATE=${UDP_PER_AGENT_RATE:-20000}
# Three JVMs and nginx share the machine: a small fixed heap each keeps them from crowding one another.
LOADGEN_JAVA_OPTS=${LOADGEN_JAVA_OPTS:--Xms128m -Xmx256m}
[ -f "$root/loadgen-service/target/quarkus-app/quarkus-run.jar" ] || (cd "$root" && mvn -q -B -DskipTests package -am -pl loadgen-service)

work=$(mktemp -d)
pids=()
# The JVMs and nginx are not this shell's children (started in command substitutions): wait for each to be gone,
# 15 s at most, then SIGKILL, so nothing outlives the script.
alive() { [ "$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)" != "" ] && [ "$(awk '{ print $3 }' "/proc/$1/stat")" != Z ]; }
cleanup() {
  local p t
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do
    for t in $(seq 1 75); do alive "$p" || break; sleep 0.2; done
    kill -9 "$p" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

answer_bytes 2 > "$work/answer.json"
nginx_port=$(free_port)
pids+=("$(start_nginx "$work/nginx" "$nginx_port" "$work/answer.json")")
wait_http "http://127.0.0.1:$nginx_port/status"
url="http://127.0.0.1:$nginx_port/test/testApi"
udp_port=$(free_port)
sockperf server -i 127.0.0.1 -p "$udp_port" > "$work/sockperf.log" 2>&1 &
pids+=($!)
token=$(python3 -c 'import secrets; print(secrets.token_hex(16))')

# loadgen NAME PORT [FLAGS]: a loadgen in its own directory (its own data dir), named NAME as an agent; echoes its pid.
loadgen() {
  mkdir -p "$work/$1"
  LOADGEN_JAVA_OPTS="$LOADGEN_JAVA_OPTS -Dloadgen.agent.name=$1 ${3:-}" start_loadgen "$2" "$token" "$work/$1/loadgen.log"
}
agent_ports=() agent_urls=()
for a in 1 2; do
  port=$(free_port)
  pids+=("$(loadgen "bench-agent-$a" "$port")")
  agent_ports+=("$port") agent_urls+=("http://127.0.0.1:$port")
done
ctl_port=$(free_port)
ctl_pid=$(loadgen bench-controller "$ctl_port" "-Dloadgen.agents=$(IFS=,; echo "${agent_urls[*]}")")
pids+=("$ctl_pid")
for port in "${agent_ports[@]}" "$ctl_port"; do wait_http "http://127.0.0.1:$port/q/health/ready" 60; done
api="http://127.0.0.1:$ctl_port"

spec() { # agents [duration]
  printf '{"kind":"http","target":"%s","connections":%d,"threads":%d,"duration":"%s","warmup":"%s","rate":%d,"timeout":"2s","agents":%d}' \
    "$url" $((PER_AGENT_CONNECTIONS * $1)) "$1" "${2:-$DURATION}" "$WARMUP" $((PER_AGENT_RATE * $1)) "$1"
}

# figures REPORT_JSON CPU WALL AGENTS: "merged sum ratio errors ms_cpu_per_second ms_cpu_per_agent_second per_agent_rates"
figures() {
  python3 - "$@" <<'EOF'
import json, sys
report, cpu, wall, n = json.loads(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
agents = report['agents']
if len(agents) != n:
    sys.exit(f'report has {len(agents)} agents, asked for {n}')
errors = report['errors'] if isinstance(report['errors'], (int, float)) else sum(report['errors'].values())
merged = report['requestsPerSecond']
own = sum(a['requestsPerSecond'] for a in agents)
ratio = merged / own if own > 0 else float('nan')
per_second_ms = cpu * 1e3 / wall
per_agent_second_ms = per_second_ms / n
rates = ','.join(f'{a["name"]}={a["requestsPerSecond"]:.1f}@{a["startSkewMicros"]:.0f}us' for a in agents)
print(f'{merged:.1f} {own:.1f} {ratio:.4f} {errors} {per_second_ms:.2f} {per_agent_second_ms:.2f} {rates}')
EOF
}

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "== load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== $RUNS alternating pairs, 1 agent then 2, against nginx on 127.0.0.1:$nginx_port (one worker); each agent's part:"
echo "   $PER_AGENT_CONNECTIONS connections, 1 event loop, rate $PER_AGENT_RATE/s (0 = closed), $WARMUP warm-up + $DURATION;"
echo "   controller pid $ctl_pid, agents bench-agent-1, bench-agent-2. CPU = the controller's user + system time from"
echo "   /proc over the whole run (POST to end), in ms per second of that span, and that per agent. The script's own"
echo "   GET /runs/{id} every 0.25 s is in it."
# One short run first, not counted: the controller's first distributed run pays its class loading and JIT (one try
# here: 105 ms CPU per agent-second for the first 1-agent run, 39-49 for the next ones).
python3 "$here/lib/cpu.py" whole "$api" "$token" "$ctl_pid" "$(spec 2 3s)" >/dev/null
echo "   one 2-agent warm-up run of 3 s done, not counted"
idle0=$(python3 "$here/lib/cpu.py" of "$ctl_pid"); sleep 5; idle1=$(python3 "$here/lib/cpu.py" of "$ctl_pid")
echo "   the controller idle, for reference: $(awk -v a="$idle0" -v b="$idle1" 'BEGIN { printf "%.2f", (b - a) * 1e3 / 5 }') ms CPU per second"
printf '%-4s %6s %12s %12s %8s %6s %10s %14s  %s\n' run agents 'merged/s' 'sum own/s' ratio errors 'ctl ms/s' 'ctl ms/agent-s' \
  'agents: req/s@start skew (issue 12: under 5,000 us on loopback)'
declare -A rates sums ratios totals costs
bad=0
for i in $(seq 1 "$RUNS"); do
  for n in 1 2; do
    read -r cpu wall report < <(python3 "$here/lib/cpu.py" whole "$api" "$token" "$ctl_pid" "$(spec "$n")")
    read -r merged own ratio errors total cost per_agent < <(figures "$report" "$cpu" "$wall" "$n")
    printf '%-4s %6s %12s %12s %8s %6s %10s %14s  %s\n' "$i" "$n" "$merged" "$own" "$ratio" "$errors" "$total" "$cost" "$per_agent"
    rates[$n]+=" $merged" sums[$n]+=" $own" ratios[$n]+=" $ratio" totals[$n]+=" $total" costs[$n]+=" $cost"
    awk -v r="$ratio" 'BEGIN { exit !(r >= 0.98 && r <= 1.02) }' || { echo "   ^ merged rate off the agents' sum by more than 2%"; bad=1; }
  done
done
echo
for n in 1 2; do
  printf 'median %s agent(s): merged %10.1f req/s   sum of agents %10.1f req/s   ratio %s   controller %s ms CPU/s, %s per agent\n' \
    "$n" "$(median <<<"${rates[$n]}")" "$(median <<<"${sums[$n]}")" "$(median <<<"${ratios[$n]}")" "$(median <<<"${totals[$n]}")" \
    "$(median <<<"${costs[$n]}")"
done
printf 'controller CPU per agent-second, 2 agents / 1 agent: %s\n' "$(ratio "$(median <<<"${costs[2]}")" "$(median <<<"${costs[1]}")")"

udp_spec() { # agents
  printf '{"kind":"udp-throughput","target":"udp://127.0.0.1:%d","messageSize":200,"rate":%d,"duration":"%s","warmup":"%s","agents":%d}' \
    "$udp_port" $((UDP_PER_AGENT_RATE * $1)) "$DURATION" "$WARMUP" "$1"
}
# udp_figures REPORT_JSON CPU WALL AGENTS: "merged_msgs sum_msgs ratio merged_per_s ms_cpu_per_second ms_cpu_per_agent_second"
udp_figures() {
  python3 - "$@" <<'EOF'
import json, sys
report, cpu, wall, n = json.loads(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
agents = report['agents']
if len(agents) != n or 'merged' not in report:
    sys.exit(f'report has {len(agents)} agents (asked for {n}) and merged: {"merged" in report}')
merged = report['merged']['messagesSent']
own = sum(a['requests'] for a in agents)
ratio = merged / own if own > 0 else float('nan')
per_second_ms = cpu * 1e3 / wall
print(f'{merged} {own} {ratio:.4f} {report["merged"]["messagesPerSecond"]:.1f} {per_second_ms:.2f} {per_second_ms / n:.2f}')
EOF
}
echo
echo "== UDP: $RUNS alternating pairs, udp-throughput to sockperf server on 127.0.0.1:$udp_port; each agent's part:"
echo "   $UDP_PER_AGENT_RATE messages/s of 200 bytes, $WARMUP warm-up + $DURATION. Messages: merged (merged.messagesSent)"
echo "   vs the agents' own (agents[].requests), exactly."
python3 "$here/lib/cpu.py" whole "$api" "$token" "$ctl_pid" "$(udp_spec 2)" >/dev/null
printf '%-4s %6s %12s %12s %8s %12s %10s %14s\n' run agents 'merged msgs' 'sum own' ratio 'merged/s' 'ctl ms/s' 'ctl ms/agent-s'
declare -A uratios ucosts
for i in $(seq 1 "$RUNS"); do
  for n in 1 2; do
    read -r cpu wall report < <(python3 "$here/lib/cpu.py" whole "$api" "$token" "$ctl_pid" "$(udp_spec "$n")")
    read -r merged own ratio per_s total cost < <(udp_figures "$report" "$cpu" "$wall" "$n")
    printf '%-4s %6s %12s %12s %8s %12s %10s %14s\n' "$i" "$n" "$merged" "$own" "$ratio" "$per_s" "$total" "$cost"
    uratios[$n]+=" $ratio" ucosts[$n]+=" $cost"
    [ "$merged" = "$own" ] || { echo "   ^ merged messages differ from the agents' sum"; bad=1; }
  done
done
for n in 1 2; do
  printf 'median UDP %s agent(s): merged / sum of agents %.4f   controller %s ms CPU per agent-second\n' \
    "$n" "$(median <<<"${uratios[$n]}")" "$(median <<<"${ucosts[$n]}")"
done
# iperf over the same agents (issue 26): a target-service whose iperf3 server takes two tests at once
# (target.iperf.max-clients=2; TCP: its UDP tests take the one UDP port in turn), TCP at IPERF_PER_AGENT_BITRATE per agent for IPERF_DURATION, 1 agent then 2, RUNS
# pairs. Per run: the merged report's bits/s (report.merged, iperf3's sum of the agents' tests), the sum of the
# agents' own reports' bits/s (each agent's newest run: its part), their ratio, which must be 1.0000 (the merge adds
# the agents' rates: the script exits 1 otherwise), and the controller's CPU per agent-second as above.
iperf_lines() {
  local target_jar="$root/target-service/target/quarkus-app/quarkus-run.jar" tport iport i n cpu wall report line
  local merged own ratio cost
  [ -f "$target_jar" ] || (cd "$root" && mvn -q -B -DskipTests package -am -pl target-service)
  tport=$(free_port) iport=$(free_port)
  mkdir -p "$work/target"
  # shellcheck disable=SC2086 # LOADGEN_JAVA_OPTS is a list of JVM flags
  java $LOADGEN_JAVA_OPTS -Dquarkus.http.host=127.0.0.1 -Dquarkus.http.port="$tport" -Dtarget.https.host=127.0.0.1 \
    -Dtarget.https.port="$(free_port)" -Dtarget.udp.host=127.0.0.1 -Dtarget.udp.port="$(free_port)" \
    -Dtarget.iperf.host=127.0.0.1 -Dtarget.iperf.port="$iport" -Dtarget.iperf.max-clients=2 \
    -jar "$target_jar" >"$work/target/target.log" 2>&1 &
  pids+=("$!")
  wait_http "http://127.0.0.1:$tport/q/health/ready" 60
  for _ in $(seq 1 50); do grep -q "iperf3 server on" "$work/target/target.log" && break; sleep 0.2; done
  echo
  echo "== iperf: TCP $IPERF_PER_AGENT_BITRATE per agent, $IPERF_DURATION, to the target's iperf3 server (max-clients 2) on 127.0.0.1:$iport"
  printf '%-4s %6s %14s %14s %8s %14s\n' run agents 'merged bit/s' 'sum own bit/s' ratio 'ctl ms/agent-s'
  declare -A icosts iratios
  for i in $(seq 1 "$RUNS"); do
    for n in 1 2; do
      read -r cpu wall report < <(python3 "$here/lib/cpu.py" whole "$api" "$token" "$ctl_pid" "$(printf \
        '{"kind":"iperf","target":"tcp://127.0.0.1:%d","protocol":"tcp","bitrate":"%d","duration":"%s","agents":%d}' \
        "$iport" $((IPERF_PER_AGENT_BITS * n)) "$IPERF_DURATION" "$n")")
      line=$(python3 - "$report" "$cpu" "$wall" "$n" "${agent_ports[@]:0:$n}" <<'EOF'
import json, sys, urllib.request
report, cpu, wall, n, ports = json.loads(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), sys.argv[5:]
merged = report.get('merged')
if merged is None or merged.get('error'):
    sys.exit(f'no complete merged iperf report: {report}')
own = 0.0
for port in ports:  # each agent's newest run is its part of this one
    with urllib.request.urlopen(f'http://127.0.0.1:{port}/runs?size=1', timeout=10) as r:
        part = json.load(r)['items'][0]['id']
    with urllib.request.urlopen(f'http://127.0.0.1:{port}/runs/{part}/report', timeout=10) as r:
        own += json.load(r)['directions'][0]['sum']['bitsPerSecond']
bits = merged['directions'][0]['sum']['bitsPerSecond']
print(f'{bits:.0f} {own:.0f} {bits / own if own > 0 else float("nan"):.4f} {cpu * 1e3 / wall / n:.2f}')
EOF
)
      read -r merged own ratio cost <<<"$line"
      printf '%-4s %6s %14s %14s %8s %14s\n' "$i" "$n" "$merged" "$own" "$ratio" "$cost"
      iratios[$n]+=" $ratio" icosts[$n]+=" $cost"
      [ "$ratio" = 1.0000 ] || { echo "   ^ merged bits/s is not the agents' sum"; bad=1; }
    done
  done
  for n in 1 2; do
    printf 'iperf median %s agent(s): merged / sum of agents %s   controller %s ms CPU per agent-second\n' "$n" \
      "$(median <<<"${iratios[$n]}")" "$(median <<<"${icosts[$n]}")"
  done
}
IPERF_DURATION=${IPERF_DURATION:-3s} IPERF_PER_AGENT_BITS=${IPERF_PER_AGENT_BITS:-50000000}
IPERF_PER_AGENT_BITRATE="$((IPERF_PER_AGENT_BITS / 1000000)) Mbit/s"
iperf_lines
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$bad"
