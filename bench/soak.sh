#!/usr/bin/env bash
# Memory soak: each shape of bench/target-vs-nginx.sh, bench/loadgen-vs-wrk.sh (keep-alive off) and
# bench/udp-vs-sockperf.sh, run for DURATION at 80% of the ceiling it measures first (a 10 s flat-out run), with our
# process inside a memory cgroup of its own whose limit is the smallest pod it must hold in, started with the JVM
# flags its image runs with (read from its application.properties, or run-java.sh's for the target). Prints the
# resident size (VmRSS) and the heap after the last collection before each mark (from -Xlog:gc), and fails if the
# cgroup ever hit its limit. Not a test: figures only. Needs root (cgroup v1 memory controller, as on this machine).
#   bench/soak.sh [target] [close] [keepalive] [udp]  (default: target close udp, in that order)
#   DURATION=3600 MARKS="$(seq -s' ' 60 60 3600)" bench/soak.sh keepalive   (issue 43: an hour, a mark a minute)
#   DURATION=600 MARKS="60 300 600" RATIO=0.8 LOADGEN_LIMIT=256M TARGET_LIMIT=1G bench/soak.sh close
#   LOADGEN_JAR=/copy/quarkus-app/quarkus-run.jar TARGET_JAR=...    (run from a copy while building)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
require nginx sockperf taskset java curl python3

DURATION=${DURATION:-600} MARKS=${MARKS:-60 300 600} RATIO=${RATIO:-0.8} CEILING_SECONDS=${CEILING_SECONDS:-10}
LOADGEN_LIMIT=${LOADGEN_LIMIT:-256M} TARGET_LIMIT=${TARGET_LIMIT:-1G} CONNECTIONS=${CONNECTIONS:-50}
SERVER_CORE=${SERVER_CORE:-1} CLIENT_CORE=${CLIENT_CORE:-0}
shapes=("$@")
[ ${#shapes[@]} -gt 0 ] || shapes=(target close udp)
cgroups=/sys/fs/cgroup/memory
[ -w "$cgroups" ] || { echo "needs root and the cgroup v1 memory controller at $cgroups" >&2; exit 1; }
# LOADGEN_JAR / TARGET_JAR: a copy of the packaged app, so a build meanwhile cannot rewrite the jars a soak runs from
LOADGEN_JAR=${LOADGEN_JAR:-$root/loadgen-service/target/quarkus-app/quarkus-run.jar}
TARGET_JAR=${TARGET_JAR:-$root/target-service/target/quarkus-app/quarkus-run.jar}
for jar in loadgen-service target-service; do
  [ -f "$root/$jar/target/quarkus-app/quarkus-run.jar" ] || (cd "$root" && mvn -q -B -DskipTests package -am -pl "$jar")
done

work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  # by name: in_cgroup runs in a command substitution, whose additions to an array never reach this shell; and its
  # JVM is no child of this shell, so wait (bounded) for each group to empty before removing it
  for g in "$cgroups"/loadlab-soak-$$-*; do
    [ -d "$g" ] || continue
    for p in $(cat "$g/cgroup.procs" 2>/dev/null); do kill "$p" 2>/dev/null || true; done
    for _ in $(seq 1 100); do [ -n "$(cat "$g/cgroup.procs" 2>/dev/null)" ] || break; sleep 0.2; done
    for p in $(cat "$g/cgroup.procs" 2>/dev/null); do kill -9 "$p" 2>/dev/null || true; done
    for _ in $(seq 1 25); do [ -n "$(cat "$g/cgroup.procs" 2>/dev/null)" ] || break; sleep 0.2; done
    rmdir "$g" 2>/dev/null || echo "left $g (processes still in it)" >&2
  done
  rm -rf "$work"
}
trap cleanup EXIT

# The flags each image runs with: the loadgen's own (quarkus.jib.jvm-additional-arguments); for the target, whose
# image adds none, what the base image's run-java.sh gives every JVM (MaxRAMPercentage 80, ParallelGC).
loadgen_flags=$(sed -n 's/^quarkus.jib.jvm-additional-arguments=//p' "$root/loadgen-service/src/main/resources/application.properties" | tr ',' ' ')
target_flags="-XX:MaxRAMPercentage=80.0 -XX:+UseParallelGC -XX:+ExitOnOutOfMemoryError"
[ -n "$loadgen_flags" ] || { echo "no quarkus.jib.jvm-additional-arguments in loadgen-service's application.properties" >&2; exit 1; }

# in_cgroup NAME LIMIT CORE LOG COMMAND...: runs COMMAND inside a fresh memory cgroup with that limit; echoes its pid.
in_cgroup() {
  local group=$cgroups/loadlab-soak-$$-$1 limit=$2 core=$3 log=$4
  shift 4
  mkdir "$group"
  echo "$limit" > "$group/memory.limit_in_bytes"
  taskset -c "$core" sh -c 'echo $$ > "$0" && exec "$@"' "$group/cgroup.procs" "$@" > "$log" 2>&1 &
  echo $!
}

token=soak-$RANDOM$RANDOM
start_api() { # pid-file port log in-cgroup(name|-) flags...: the loadgen; waits until ready
  local pidfile=$1 port=$2 log=$3 group=$4 pid
  shift 4
  local cmd=(env LOADGEN_API_TOKEN="$token" java "$@" -Xlog:gc:file="$log.gc" -Dquarkus.http.host=127.0.0.1
    -Dquarkus.http.port="$port" -Dloadgen.data-dir="$work/data-$port" -jar "$LOADGEN_JAR")
  if [ "$group" = - ]; then
    taskset -c "$CLIENT_CORE" "${cmd[@]}" > "$log" 2>&1 &
    pid=$!
  else
    pid=$(in_cgroup "$group" "$LOADGEN_LIMIT" "$CLIENT_CORE" "$log" "${cmd[@]}")
  fi
  pids+=("$pid")
  wait_http "http://127.0.0.1:$port/q/health/ready" 90
  echo "$pid" > "$pidfile"
}
start_run() { # port spec -> id
  curl -fsS -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d "$2" "http://127.0.0.1:$1/runs" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])'
}
finish() { # port id seconds -> the finished run's JSON
  local json state deadline=$((SECONDS + $3 + 60))
  while :; do
    json=$(curl -fsS -m 10 "http://127.0.0.1:$1/runs/$2") || { echo "   run $2: the loadgen no longer answers" >&2; return 1; }
    state=$(json_get "$json" state)
    case $state in completed|failed|cancelled) echo "$json"; return 0 ;; esac
    [ $SECONDS -lt $deadline ] || { echo "run $2 still $state" >&2; return 1; }
    sleep 1
  done
}
# heap_after_gc LOG: the heap in use after the last collection so far ("...->12M(98M)" -> 12M of 98M)
heap_after_gc() { grep -o -- '->[0-9]*[KMG]([0-9]*[KMG])' "$1" 2>/dev/null | tail -1 | sed 's/->//; s/(/ of /; s/)//' || true; }
# watch PID GCLOG GROUP START: at each mark, the RSS and the heap after GC
watch_marks() {
  local pid=$1 gclog=$2 group=$3 start=$4 mark
  for mark in $MARKS; do
    while [ $((SECONDS - start)) -lt "$mark" ]; do sleep 1; done
    kill -0 "$pid" 2>/dev/null || { echo "   the process is gone before ${mark}s" >&2; return 1; }
    printf '   at %4ss: RSS %7s KiB, heap after GC %s\n' "$mark" "$(rss_kib "$pid")" "$(heap_after_gc "$gclog")"
  done
  printf '   cgroup %s: peak usage %s MiB of %s MiB, limit hit %s times\n' "${group##*/}" \
    $(($(cat "$group/memory.max_usage_in_bytes") / 1048576)) $(($(cat "$group/memory.limit_in_bytes") / 1048576)) \
    "$(cat "$group/memory.failcnt")"
}
group_of() { echo "$cgroups/loadlab-soak-$$-$1"; }
rate_of() { awk -v r="$1" -v k="$RATIO" 'BEGIN { printf "%d", r * k }'; }
report() { # label run-json field: the run's end, and why when it did not complete
  printf '   %s: state %s, %s %s\n' "$1" "$(json_get "$2" state)" "$3" "$(json_get "$2" "report.$3")"
  [ "$(json_get "$2" state)" = completed ] || printf '   why: %s\n' "$(json_get "$2" failure)"
}
# measure_and_soak NAME PORT PID LOG FIELD UNIT CEILING_RATE: a run of CEILING_SECONDS asking CEILING_RATE (0: flat out)
# gives the ceiling in FIELD; then a run of DURATION at RATIO x it, marked as it goes. The caller defines spec().
measure_and_soak() {
  local name=$1 port=$2 pid=$3 log=$4 field=$5 unit=$6 asked=$7 json ceiling rate start id group
  group=$(group_of "$name")
  json=$(finish "$port" "$(start_run "$port" "$(spec "$CEILING_SECONDS" "$asked")")" "$CEILING_SECONDS")
  ceiling=$(json_get "$json" "report.$field")
  rate=$(rate_of "$ceiling")
  echo "   ceiling ${ceiling} $unit$([ "$asked" = 0 ] || echo " (asked $asked)"); soak at $rate $unit for ${DURATION}s"
  start=$SECONDS
  id=$(start_run "$port" "$(spec "$DURATION" "$rate")")
  watch_marks "$pid" "$log.gc" "$group" "$start"
  json=$(finish "$port" "$id" "$DURATION") || { tail -3 "$log" >&2; exit 1; }
  report soak "$json" "$field"
}

soak_close() {
  echo "== close: the loadgen, a connection per request (\"keepAlive\":false, $CONNECTIONS connections) against nginx;"
  echo "   loadgen in a $LOADGEN_LIMIT cgroup with: $loadgen_flags"
  answer_bytes 2 > "$work/answer.json"
  local nginx_port port pid url
  nginx_port=$(free_port)
  pids+=("$(taskset -c "$SERVER_CORE" bash -c "source '$here/lib/common.sh'; start_nginx '$work/nginx' $nginx_port '$work/answer.json'")")
  wait_http "http://127.0.0.1:$nginx_port/status"
  url=http://127.0.0.1:$nginx_port/test/testApi
  port=$(free_port)
  start_api "$work/close.pid" "$port" "$work/close.log" close $loadgen_flags
  pid=$(cat "$work/close.pid")
  spec() { printf '{"kind":"http","target":"%s","connections":%d,"duration":"%ss","rate":%d,"timeout":"2s","keepAlive":false}' "$url" "$CONNECTIONS" "$1" "$2"; }
  measure_and_soak close "$port" "$pid" "$work/close.log" requestsPerSecond req/s 0
}

soak_keepalive() {
  echo "== keepalive: the loadgen with keep-alive ($CONNECTIONS connections) against nginx: a latency histogram every"
  echo "   second, the series issue 43 found growing the heap ~15 KB/s; loadgen in a $LOADGEN_LIMIT cgroup with: $loadgen_flags"
  answer_bytes 2 > "$work/answer.json"
  local nginx_port port pid url
  nginx_port=$(free_port)
  pids+=("$(taskset -c "$SERVER_CORE" bash -c "source '$here/lib/common.sh'; start_nginx '$work/nginx-ka' $nginx_port '$work/answer.json'")")
  wait_http "http://127.0.0.1:$nginx_port/status"
  url=http://127.0.0.1:$nginx_port/test/testApi
  port=$(free_port)
  start_api "$work/keepalive.pid" "$port" "$work/keepalive.log" keepalive $loadgen_flags
  pid=$(cat "$work/keepalive.pid")
  spec() { printf '{"kind":"http","target":"%s","connections":%d,"duration":"%ss","rate":%d,"timeout":"2s"}' "$url" "$CONNECTIONS" "$1" "$2"; }
  measure_and_soak keepalive "$port" "$pid" "$work/keepalive.log" requestsPerSecond req/s 0
}

soak_udp() {
  echo "== udp: the loadgen's udp-throughput at a rate (one message per send) against sockperf server, 64 B;"
  echo "   loadgen in a $LOADGEN_LIMIT cgroup with: $loadgen_flags"
  local udp_port port pid target
  udp_port=$(free_port)
  taskset -c "$SERVER_CORE" sockperf server -i 127.0.0.1 -p "$udp_port" > "$work/sockperf.log" 2>&1 &
  pids+=($!)
  target=udp://127.0.0.1:$udp_port
  port=$(free_port)
  start_api "$work/udp.pid" "$port" "$work/udp.log" udp $loadgen_flags
  pid=$(cat "$work/udp.pid")
  spec() { printf '{"kind":"udp-throughput","target":"%s","messageSize":64,"duration":"%ss","rate":%d}' "$target" "$1" "$2"; }
  # The ceiling of the paced path (the loadgen's highest rate), not of the batched flat-out one: the soak is paced.
  measure_and_soak udp "$port" "$pid" "$work/udp.log" messagesPerSecond msg/s 1000000
}

soak_target() {
  echo "== target: POST /test/testApi N=2, keep-alive, $CONNECTIONS connections, driven by the loadgen (outside the cgroup);"
  echo "   target in a $TARGET_LIMIT cgroup with: $target_flags"
  local tport port tpid url
  tport=$(free_port)
  tpid=$(in_cgroup target "$TARGET_LIMIT" "$SERVER_CORE" "$work/target.log" java $target_flags -Xlog:gc:file="$work/target.log.gc" \
    -Dquarkus.http.port="$tport" -Dquarkus.http.host=127.0.0.1 -Dtarget.udp.port="$(free_port)" -Dtarget.udp.host=127.0.0.1 \
    -Dtarget.https.port="$(free_port)" -Dtarget.https.host=127.0.0.1 -Dtarget.iperf.port="$(free_port)" \
    -Dtarget.iperf.host=127.0.0.1 -jar "$TARGET_JAR")
  pids+=("$tpid")
  wait_http "http://127.0.0.1:$tport/q/health/ready" 90
  url=http://127.0.0.1:$tport/test/testApi
  port=$(free_port)
  start_api "$work/driver.pid" "$port" "$work/driver.log" - -Xms256m -Xmx256m
  spec() { printf '{"kind":"http","target":"%s","connections":%d,"duration":"%ss","rate":%d,"timeout":"2s","method":"POST","body":"{\\"number\\": 2}","headers":{"Content-Type":"application/json"}}' "$url" "$CONNECTIONS" "$1" "$2"; }
  measure_and_soak target "$port" "$tpid" "$work/target.log" requestsPerSecond req/s 0
}

echo "== $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); marks at $MARKS s; rate ${RATIO} x the ceiling"
for shape in "${shapes[@]}"; do
  case $shape in
    target) soak_target ;;
    close) soak_close ;;
    keepalive) soak_keepalive ;;
    udp) soak_udp ;;
    *) echo "unknown shape $shape (target, close, keepalive, udp)" >&2; exit 2 ;;
  esac
done
