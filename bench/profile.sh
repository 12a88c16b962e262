#!/usr/bin/env bash
# CPU and allocation profiles of one of our processes under load, with async-profiler (tools.profiler:async-profiler
# from Maven Central, loaded into the running JVM by jcmd, so only the measured window is profiled, not start-up and
# warm-up). The peer each shape is compared with in its bench runs on the same cores (wrk, nginx, sockperf).
#   bench/profile.sh target [N]        the target answering wrk -t1 -c50 POST {"number":N} (default 2); target on
#                                      core 1, wrk on core 0, as bench/target-vs-nginx.sh
#   bench/profile.sh loadgen-close     the loadgen, keep-alive off (a connection per request), against nginx;
#                                      loadgen on core 0, nginx on core 1, as bench/loadgen-vs-wrk.sh
#   bench/profile.sh loadgen-keepalive the same with keep-alive
#   bench/profile.sh loadgen-h2c [STREAMS]    the loadgen's h2c, 10 connections x STREAMS (default 10), against nginx
#   bench/profile.sh loadgen-h2 [STREAMS]     the same over TLS (ALPN h2), tls.ca the throw-away certificate
#   bench/profile.sh loadgen-https            HTTP/1.1 keep-alive over TLS, CONNECTIONS connections
#   bench/profile.sh loadgen-https-close      a full handshake per request (keepAlive false, resumption false);
#                                             PROVIDER=jdk profiles the JDK's TLS instead of the default (auto)
#                                             (the h2/TLS shapes: nginx as bench/tls-h2-peers.sh starts it, KEY=ec|rsa)
#   bench/profile.sh udp [SIZE]        the loadgen's udp-throughput (SIZE bytes, default 64) to `sockperf server`
# Writes to OUT (default bench/out/profile-<shape>-<time>): cpu.html and alloc.html (flame graphs), cpu.collapsed,
# and top.txt, the top 20 frames by self and by total CPU samples (bench/lib/top_frames.py), also printed.
# Not a test: figures only. Loopback only; every load bounded by DURATION.
#   DURATION=10 WARMUP=10 INTERVAL=1ms bench/profile.sh target 10
#   TARGET_OPTS=-Dtarget.api.direct-answer=false bench/profile.sh target   (the routed path, for a before/after)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
require taskset java jcmd curl python3 unzip mvn

shape=${1:-}
DURATION=${DURATION:-10} WARMUP=${WARMUP:-10} INTERVAL=${INTERVAL:-1ms} CONNECTIONS=${CONNECTIONS:-50}
SERVER_CORE=${SERVER_CORE:-1} CLIENT_CORE=${CLIENT_CORE:-0}
OUT=${OUT:-$root/bench/out/profile-$shape-$(date +%Y%m%d-%H%M%S)}
case $shape in
  target) require wrk; NUMBER=${2:-2} ;;
  loadgen-close|loadgen-keepalive) require nginx ;;
  loadgen-h2c|loadgen-h2) require nginx openssl; STREAMS=${2:-10} ;;
  loadgen-https|loadgen-https-close) require nginx openssl ;;
  udp) require sockperf; SIZE=${2:-64} ;;
  *) echo "usage: bench/profile.sh target [N] | loadgen-close | loadgen-keepalive | loadgen-h2c [STREAMS]" \
       "| loadgen-h2 [STREAMS] | loadgen-https | loadgen-https-close | udp [SIZE]" >&2; exit 2 ;;
esac

# async-profiler's agent library, from the Maven artifact (fetched once into the local repository)
version=4.2
profiler_jar=$HOME/.m2/repository/tools/profiler/async-profiler/$version/async-profiler-$version.jar
[ -f "$profiler_jar" ] || mvn -q -B -ntp dependency:get -Dartifact="tools.profiler:async-profiler:$version" >&2
mkdir -p "$OUT"
unzip -o -q -j "$profiler_jar" "linux-x64/libasyncProfiler.so" -d "$OUT"
lib=$OUT/libasyncProfiler.so
# perf events need perf_event_paranoid <= 1 (or CAP_PERFMON); else the interval timer, which needs nothing
event=itimer
[ "$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 3)" -le 1 ] && event=cpu

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

profiler() { # pid command: async-profiler's command line, given to the running JVM (quoted: jcmd would split at '=')
  jcmd "$1" JVMTI.agent_load "$lib" "\"$2\"" > "$work/jcmd.log" 2>&1 && grep -q 'return code: 0' "$work/jcmd.log" \
    || { echo "async-profiler refused '$2':" >&2; cat "$work/jcmd.log" >&2; return 1; }
}

# load: runs the shape's measured load once (bounded by DURATION); set up below per shape
case $shape in
  target)
    jar=$root/target-service/target/quarkus-app/quarkus-run.jar
    [ -f "$jar" ] || (cd "$root" && mvn -q -B -DskipTests package -am -pl target-service)
    port=$(free_port)
    # shellcheck disable=SC2086 # TARGET_OPTS is a list of JVM flags (-Dtarget.api.direct-answer=false: the routed path)
    taskset -c "$SERVER_CORE" java -XX:ActiveProcessorCount=1 ${TARGET_OPTS:-} -Dquarkus.http.port="$port" -Dquarkus.http.host=127.0.0.1 \
      -Dtarget.udp.port="$(free_port)" -Dtarget.https.port="$(free_port)" -Dtarget.iperf.port="$(free_port)" \
      -jar "$jar" > "$work/target.log" 2>&1 &
    pid=$!; pids+=("$pid")
    wait_http "http://127.0.0.1:$port/q/health/ready" 60
    export NUMBER
    load() { taskset -c "$CLIENT_CORE" wrk -t1 -c"$CONNECTIONS" -d"${1}s" -s "$here/lib/post-number.lua" \
      "http://127.0.0.1:$port/test/testApi" | grep -E 'Requests/sec|requests in'; }
    ;;
  loadgen-*|udp)
    jar=$root/loadgen-service/target/quarkus-app/quarkus-run.jar
    [ -f "$jar" ] || (cd "$root" && mvn -q -B -DskipTests package -am -pl loadgen-service)
    token=bench-$RANDOM$RANDOM
    api_port=$(free_port)
    LOADGEN_JAVA_OPTS="-XX:ActiveProcessorCount=1" pid=$(start_loadgen "$api_port" "$token" "$work/loadgen.log" "$CLIENT_CORE")
    pids+=("$pid")
    wait_http "http://127.0.0.1:$api_port/q/health/ready" 60
    if [ "$shape" = udp ]; then
      udp_port=$(free_port)
      taskset -c "$SERVER_CORE" sockperf server -i 127.0.0.1 -p "$udp_port" > "$work/sockperf.log" 2>&1 &
      pids+=($!)
      sleep 1
      spec() { echo "{\"kind\":\"udp-throughput\",\"target\":\"udp://127.0.0.1:$udp_port\",\"messageSize\":$SIZE,\"duration\":\"${1}s\",\"warmup\":\"0s\"}"; }
      figure=report.messagesPerSecond
    elif [ "$shape" = loadgen-h2c ] || [ "$shape" = loadgen-h2 ] || [ "$shape" = loadgen-https ] || [ "$shape" = loadgen-https-close ]; then
      nginx_tls "$work" "${KEY:-ec}" "$SERVER_CORE"
      pids+=("$nginx_tls_pid")
      ca_json=$(python3 -c 'import json,sys; print(json.dumps(open(sys.argv[1]).read()))' "$work/cert.pem")
      tls=",\"tls\":{\"ca\":$ca_json${PROVIDER:+,\"provider\":\"$PROVIDER\"}"
      case $shape in
        loadgen-h2c) url=http://127.0.0.1:$p_h2c/test/testApi extra=",\"protocol\":\"h2c\",\"streams\":$STREAMS" conns=10 ;;
        loadgen-h2) url=https://127.0.0.1:$p_h2/test/testApi extra=",\"protocol\":\"h2\",\"streams\":$STREAMS$tls}" conns=10 ;;
        loadgen-https) url=https://127.0.0.1:$p_https/test/testApi extra="$tls}" conns=$CONNECTIONS ;;
        loadgen-https-close) url=https://127.0.0.1:$p_close/test/testApi extra=",\"keepAlive\":false$tls,\"resumption\":false}" conns=$CONNECTIONS ;;
      esac
      spec() { echo "{\"kind\":\"http\",\"target\":\"$url\",\"connections\":$conns,\"threads\":1,\"duration\":\"${1}s\",\"warmup\":\"0s\"$extra}"; }
      figure=report.requestsPerSecond
    else
      nginx_port=$(free_port)
      answer_bytes 2 > "$work/answer.json"
      nginx_pid=$(taskset -c "$SERVER_CORE" bash -c "source '$here/lib/common.sh'; start_nginx '$work/nginx' $nginx_port '$work/answer.json'")
      pids+=("$nginx_pid")
      wait_http "http://127.0.0.1:$nginx_port/status"
      keep=$([ "$shape" = loadgen-close ] && echo false || echo true)
      spec() { echo "{\"kind\":\"http\",\"target\":\"http://127.0.0.1:$nginx_port/\",\"connections\":$CONNECTIONS,\"threads\":1,\"keepAlive\":$keep,\"duration\":\"${1}s\",\"warmup\":\"0s\"}"; }
      figure=report.requestsPerSecond
    fi
    load() { local json; json=$(post_run "$api_port" "$token" "$(spec "$1")"); echo "$figure: $(json_get "$json" "$figure")"; }
    ;;
esac

echo "== $shape: warm-up ${WARMUP}s, then ${DURATION}s profiled ($event every $INTERVAL), then ${DURATION}s for allocations"
load "$WARMUP" > /dev/null
profiler "$pid" "start,event=$event,interval=$INTERVAL"
load "$DURATION" | sed 's/^/cpu pass: /'
profiler "$pid" "dump,file=$OUT/cpu.html"
profiler "$pid" "stop,collapsed,file=$OUT/cpu.collapsed"
profiler "$pid" "start,event=alloc"
load "$DURATION" | sed 's/^/alloc pass: /'
profiler "$pid" "stop,file=$OUT/alloc.html"
python3 "$here/lib/top_frames.py" "$OUT/cpu.collapsed" 20 | tee "$OUT/top.txt"
echo "== written: $OUT/{cpu.html,alloc.html,cpu.collapsed,top.txt}"
