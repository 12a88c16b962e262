#!/usr/bin/env bash
# target-service vs nginx answering the very same bytes, each pinned to core 1, wrk pinned to core 0.
# Alternates nginx and target ROUNDS times (A B A B ...), prints every run, the medians and their ratio
# (goal: target >= 0.7 x nginx in JVM mode), in requests/s and in server CPU time per request from
# /proc/PID/stat (steadier on a shared machine). Not a test: figures only.
#   NUMBER=2 WARMUP=15s DURATION=10s CONNECTIONS=50 ROUNDS=5 JAR=other/quarkus-run.jar TARGET_OPTS=-Dx=y bench/target-vs-nginx.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
require wrk nginx taskset java curl python3

NUMBER=${NUMBER:-2} WARMUP=${WARMUP:-15s} DURATION=${DURATION:-10s} CONNECTIONS=${CONNECTIONS:-50} ROUNDS=${ROUNDS:-5}
SERVER_CORE=${SERVER_CORE:-1} CLIENT_CORE=${CLIENT_CORE:-0}
jar=${JAR:-$root/target-service/target/quarkus-app/quarkus-run.jar}
[ -f "$jar" ] || (cd "$root" && mvn -q -B -DskipTests package -am -pl target-service)

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

warm() { export NUMBER; taskset -c "$CLIENT_CORE" wrk -t1 -c"$CONNECTIONS" -d"$WARMUP" -s "$here/lib/post-number.lua" "$1" >/dev/null; }
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; } # user + system CPU of one process, in clock ticks
hz=$(getconf CLK_TCK)
run() { # url pid -> "req/s µs-CPU-per-request" of one measured run
  export NUMBER
  local before after out requests
  before=$(ticks "$2")
  out=$(taskset -c "$CLIENT_CORE" wrk -t1 -c"$CONNECTIONS" -d"$DURATION" -s "$here/lib/post-number.lua" "$1")
  after=$(ticks "$2")
  requests=$(awk '/requests in/ {print $1}' <<<"$out")
  awk -v r="$(wrk_rate "$out")" -v t=$((after - before)) -v n="$requests" -v hz="$hz" \
    'BEGIN { printf "%s %.2f\n", r, (n > 0 ? t / hz / n * 1e6 : 0) }'
}
median() { sort -g | awk '{a[NR] = $1} END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }

answer_bytes "$NUMBER" > "$work/answer.json"
nginx_port=$(free_port)
pids+=("$(taskset -c "$SERVER_CORE" bash -c "source '$here/lib/common.sh'; start_nginx '$work/nginx' $nginx_port '$work/answer.json'")")
wait_http "http://127.0.0.1:$nginx_port/status"

target_port=$(free_port)
taskset -c "$SERVER_CORE" java -XX:ActiveProcessorCount=1 ${TARGET_OPTS:-} -Dquarkus.http.port="$target_port" \
  -Dquarkus.http.host=127.0.0.1 -Dtarget.udp.port="$(free_port)" -Dtarget.https.port="$(free_port)" -jar "$jar" > "$work/target.log" 2>&1 &
pids+=($!)
wait_http "http://127.0.0.1:$target_port/q/health/ready" 60

got=$(curl -fsS -H 'Content-Type: application/json' -d "{\"number\": $NUMBER}" "http://127.0.0.1:$target_port/test/testApi")
[ "$got" = "$(cat "$work/answer.json")" ] || { echo "nginx and target answer different bytes" >&2; exit 1; }

nginx_url=http://127.0.0.1:$nginx_port/test/testApi target_url=http://127.0.0.1:$target_port/test/testApi
nginx_pid=${pids[0]} target_pid=${pids[1]}
warm "$nginx_url"; warm "$target_url"
echo "== $ROUNDS rounds, nginx then target, number=$NUMBER, wrk -t1 -c$CONNECTIONS -d$DURATION (core $CLIENT_CORE), servers on core $SERVER_CORE"
printf '%-6s %-7s %12s %14s\n' round server 'req/s' 'CPU µs/req'
for i in $(seq 1 "$ROUNDS"); do
  read -r r c < <(run "$nginx_url" "$nginx_pid"); echo "$r $c" >> "$work/nginx.runs"; printf '%-6s %-7s %12s %14s\n' "$i" nginx "$r" "$c"
  read -r r c < <(run "$target_url" "$target_pid"); echo "$r $c" >> "$work/target.runs"; printf '%-6s %-7s %12s %14s\n' "$i" target "$r" "$c"
done
n=$(cut -d' ' -f1 "$work/nginx.runs" | median) t=$(cut -d' ' -f1 "$work/target.runs" | median)
nc=$(cut -d' ' -f2 "$work/nginx.runs" | median) tc=$(cut -d' ' -f2 "$work/target.runs" | median)
echo
printf 'median nginx  %12s req/s %8s CPU µs/req\nmedian target %12s req/s %8s CPU µs/req\n' "$n" "$nc" "$t" "$tc"
echo "ratio target/nginx: $(ratio "$t" "$n") by req/s, $(ratio "$nc" "$tc") by CPU per request (goal >= 0.7)"
