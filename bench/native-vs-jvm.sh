#!/usr/bin/env bash
# The native target against the JVM target on one core: start time (Quarkus' "started in"), RSS after start and after
# load, and requests/s and CPU per request under wrk at {"number": N}. Both run side by side pinned to SERVER_CORE (only
# one is loaded at a time), wrk on CLIENT_CORE; alternates native and JVM ROUNDS times (A B A B ...), prints every run
# and the medians with the ratios native/JVM (goal >= 0.8 by req/s). Then the loadgen's start and RSS, both ways. Not
# a test: figures only. Needs both builds: the jars (mvn package) and the runners (.ci/native or mvn -Pnative package).
#   WARMUP=15s DURATION=20s CONNECTIONS=50 ROUNDS=5 NUMBER=2 NATIVE_OPTS='-Xmn64m' JVM_OPTS=... bench/native-vs-jvm.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
require wrk taskset java curl python3

WARMUP=${WARMUP:-15s} DURATION=${DURATION:-20s} CONNECTIONS=${CONNECTIONS:-50} ROUNDS=${ROUNDS:-5} NUMBER=${NUMBER:-2}
SERVER_CORE=${SERVER_CORE:-1} CLIENT_CORE=${CLIENT_CORE:-0}
runner() { compgen -G "$root/$1/target/$1-*-runner" | head -1 || true; }
target_jar=${TARGET_JAR:-$root/target-service/target/quarkus-app/quarkus-run.jar}
target_runner=${TARGET_RUNNER:-$(runner target-service)}
loadgen_jar=${LOADGEN_JAR:-$root/loadgen-service/target/quarkus-app/quarkus-run.jar}
loadgen_runner=${LOADGEN_RUNNER:-$(runner loadgen-service)}
for f in "$target_jar" "$target_runner" "$loadgen_jar" "$loadgen_runner"; do
  [ -n "$f" ] && [ -e "$f" ] || { echo "missing ${f:-a native runner}: build the jars (mvn package) and the runners (bash .ci/native, or mvn -Pnative package)" >&2; exit 2; }
done

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
export NUMBER
rss_mb() { awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$1/status"; }
started_in() { grep -o 'started in [0-9.]*s' "$1" | head -1 | grep -o '[0-9.]*'; }
median() { sort -g | awk '{a[NR] = $1} END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
# start NAME native|jvm PATH [OPTIONS...] -> once ready, "pid port" in $work/NAME.pid; its log in $work/NAME.log
start() {
  local name=$1 kind=$2 path=$3 port; shift 3
  port=$(free_port)
  local props=(-Dquarkus.http.port="$port" -Dquarkus.http.host=127.0.0.1 -Dtarget.udp.port="$(free_port)"
    -Dtarget.udp.host=127.0.0.1 -Dtarget.https.port="$(free_port)" -Dtarget.https.host=127.0.0.1
    -Dtarget.iperf.port="$(free_port)" -Dtarget.iperf.host=127.0.0.1 -Dloadgen.data-dir="$work/$name-data"
    -Dloadgen.api.token=bench)
  if [ "$kind" = native ]; then
    taskset -c "$SERVER_CORE" "$path" "$@" "${props[@]}" > "$work/$name.log" 2>&1 &
  else # -D before -jar: after it they are the program's arguments
    taskset -c "$SERVER_CORE" java "$@" "${props[@]}" -jar "$path" > "$work/$name.log" 2>&1 &
  fi
  pids+=($!)
  echo "$! $port" > "$work/$name.pid"
  wait_http "http://127.0.0.1:$port/q/health/ready" 60 >&2
}

echo "== target, N=$NUMBER: native $target_runner, JVM $target_jar, both on core $SERVER_CORE; wrk -t1 -c$CONNECTIONS -d$DURATION on core $CLIENT_CORE"
# shellcheck disable=SC2086
start native native "$target_runner" ${NATIVE_OPTS:-}
# shellcheck disable=SC2086
start jvm jvm "$target_jar" -XX:ActiveProcessorCount=1 ${JVM_OPTS:-}
for side in native jvm; do
  read -r pid port < "$work/$side.pid"
  echo "$(started_in "$work/$side.log") $(rss_mb "$pid")" > "$work/$side.start"
  curl -fsS -m 10 -H 'Content-Type: application/json' -d "{\"number\": $NUMBER}" "http://127.0.0.1:$port/test/testApi" \
    | grep -q '"code":200' || { echo "the $side target does not answer 200: $(tail -5 "$work/$side.log")" >&2; exit 1; }
  taskset -c "$CLIENT_CORE" wrk -t1 -c"$CONNECTIONS" -d"$WARMUP" -s "$here/lib/post-number.lua" "http://127.0.0.1:$port/test/testApi" >/dev/null
  : > "$work/$side.runs"
done
printf '%-6s %-7s %12s %14s\n' round target 'req/s' 'CPU µs/req'
for i in $(seq 1 "$ROUNDS"); do
  for side in native jvm; do
    read -r pid port < "$work/$side.pid"
    read -r r c < <(wrk_post_run "http://127.0.0.1:$port/test/testApi" "$pid")
    echo "$r $c" >> "$work/$side.runs"
    printf '%-6s %-7s %12s %14s\n' "$i" "$side" "$r" "$c"
  done
done
echo
printf '%-7s %10s %14s %16s %12s %12s\n' target 'start s' 'RSS start MB' 'RSS loaded MB' 'req/s' 'CPU µs/req'
for side in native jvm; do
  read -r pid port < "$work/$side.pid"
  read -r s rss < "$work/$side.start"
  r=$(cut -d' ' -f1 "$work/$side.runs" | median) c=$(cut -d' ' -f2 "$work/$side.runs" | median)
  echo "$r $c" > "$work/$side.median"
  printf '%-7s %10s %14s %16s %12s %12s\n' "$side" "$s" "$rss" "$(rss_mb "$pid")" "$r" "$c"
done
read -r nr nc < "$work/native.median"; read -r jr jc < "$work/jvm.median"
echo "native/JVM: $(ratio "$nr" "$jr") by req/s, $(ratio "$jc" "$nc") by requests per CPU-second (goal >= 0.8)"
for side in native jvm; do read -r pid port < "$work/$side.pid"; kill "$pid"; wait "$pid" 2>/dev/null || true; done

echo
echo "== loadgen: start and RSS after start, on core $SERVER_CORE"
start lg-native native "$loadgen_runner"
start lg-jvm jvm "$loadgen_jar"
printf '%-7s %10s %14s\n' loadgen 'start s' 'RSS start MB'
for side in lg-native lg-jvm; do
  read -r pid port < "$work/$side.pid"
  printf '%-7s %10s %14s\n' "${side#lg-}" "$(started_in "$work/$side.log")" "$(rss_mb "$pid")"
done
