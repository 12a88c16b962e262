#!/usr/bin/env bash
# loadgen vs wrk against one nginx, same settings, same single core: 50 connections, 1 event loop,
# closed model. nginx (one process) on core 1, each generator on core 0 in turn; the loadgen is driven
# through its REST API like a user would. Prints both rates, the ratio (goal >= 0.8), and the loadgen's
# resident memory after a short and a long run (it must not grow with run length).
#   DURATION=10s WARMUP=5s DURATION_LONG=60s CONNECTIONS=50 bench/loadgen-vs-wrk.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
require wrk nginx taskset java curl python3

DURATION=${DURATION:-10s} WARMUP=${WARMUP:-5s} DURATION_LONG=${DURATION_LONG:-60s} CONNECTIONS=${CONNECTIONS:-50}
GEN_CORE=${GEN_CORE:-0} SERVER_CORE=${SERVER_CORE:-1}
[ -f "$root/loadgen-service/target/quarkus-app/quarkus-run.jar" ] || (cd "$root" && mvn -q -B -DskipTests package -am -pl loadgen-service)

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

answer_bytes 2 > "$work/answer.json"
nginx_port=$(free_port)
pids+=("$(taskset -c "$SERVER_CORE" bash -c "source '$here/lib/common.sh'; start_nginx '$work/nginx' $nginx_port '$work/answer.json'")")
wait_http "http://127.0.0.1:$nginx_port/status"
url="http://127.0.0.1:$nginx_port/test/testApi"
token=$(python3 -c 'import secrets; print(secrets.token_hex(16))')

spec() { # warmup duration
  printf '{"kind":"http","target":"%s","connections":%d,"threads":1,"duration":"%s","warmup":"%s","rate":0,"timeout":"2s"}' \
    "$url" "$CONNECTIONS" "$2" "$1"
}
loadgen_run() { # warmup duration -> "rate rss_kib"
  local port pid json
  port=$(free_port)
  pid=$(start_loadgen "$port" "$token" "$work/loadgen-$port.log" "$GEN_CORE")
  pids+=("$pid")
  wait_http "http://127.0.0.1:$port/q/health/ready" 60
  json=$(post_run "$port" "$token" "$(spec "$1" "$2")")
  echo "$(json_get "$json" report.requestsPerSecond) $(rss_kib "$pid") $(json_get "$json" report.errors.readWrite)"
  kill "$pid"; wait "$pid" 2>/dev/null || true
}

echo "== load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== wrk -t1 -c$CONNECTIONS -d$DURATION on core $GEN_CORE (nginx on core $SERVER_CORE)"
wrk_out=$(taskset -c "$GEN_CORE" wrk -t1 -c"$CONNECTIONS" -d"$DURATION" --latency "$url")
echo "$wrk_out"
echo "== loadgen via POST /runs: $CONNECTIONS connections, 1 event loop, closed model, $WARMUP warm-up + $DURATION"
read -r lg_rate _ lg_err < <(loadgen_run "$WARMUP" "$DURATION")
w=$(wrk_rate "$wrk_out")
printf '\nwrk     %12.1f req/s\nloadgen %12.1f req/s (read/write errors: %s)\nratio loadgen/wrk: %s (goal >= 0.8)\n' \
  "$w" "$lg_rate" "$lg_err" "$(ratio "$lg_rate" "$w")"

rss() { # label: RSS of fresh processes after a 5 s and a long run
  local short long
  read -r _ short _ < <(loadgen_run 0s 5s)
  read -r _ long _ < <(loadgen_run 0s "$DURATION_LONG")
  printf '%-28s after a 5s run: %7s KiB   after a %s run: %7s KiB\n' "$1" "$short" "$DURATION_LONG" "$long"
}
echo "== loadgen RSS (fresh process each): the JVM's default heap grows into its young generation as it is"
echo "   touched; with a fixed small heap the same runs show that the engine's memory does not depend on run length"
rss "default JVM heap"
LOADGEN_JAVA_OPTS="-Xms96m -Xmx96m" rss "-Xms96m -Xmx96m"
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
