#!/usr/bin/env bash
# target-service vs nginx answering the very same bytes, each pinned to core 1, wrk pinned to core 0, at each answer
# size N given (default the seed's shapes: 2 and 10, CPU-bound; 100; 391, network-bound, 34 KB). nginx serves the
# target's own answer for N, fetched from it, as a file (test-support's nginx.conf through start_nginx), so any size
# works. Per N, alternates nginx and target ROUNDS times (A B A B ...), prints every run, then one row per N with the
# medians and the ratios target/nginx (goal: >= 0.8 by CPU) in requests/s and in requests per CPU-second, from
# the server's CPU time per request in /proc/PID/stat (steadier on a shared machine). Not a test: figures only.
#   bench/target-vs-nginx.sh [N...]      (NUMBER=N as before: one size)
#   WARMUP=15s DURATION=10s CONNECTIONS=50 ROUNDS=5 JAR=other/quarkus-run.jar TARGET_OPTS=-Dx=y bench/target-vs-nginx.sh 2 391
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
require wrk nginx taskset java curl python3

if [ $# -gt 0 ]; then numbers=("$@"); else read -r -a numbers <<<"${NUMBER:-2 10 100 391}"; fi
for n in "${numbers[@]}"; do [[ $n =~ ^[0-9]+$ ]] || { echo "an answer size is a whole number of items: $n" >&2; exit 2; }; done
WARMUP=${WARMUP:-15s} DURATION=${DURATION:-10s} CONNECTIONS=${CONNECTIONS:-50} ROUNDS=${ROUNDS:-5}
SERVER_CORE=${SERVER_CORE:-1} CLIENT_CORE=${CLIENT_CORE:-0}
jar=${JAR:-$root/target-service/target/quarkus-app/quarkus-run.jar}
[ -f "$jar" ] || (cd "$root" && mvn -q -B -DskipTests package -am -pl target-service)

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

warm() { export NUMBER; taskset -c "$CLIENT_CORE" wrk -t1 -c"$CONNECTIONS" -d"$WARMUP" -s "$here/lib/post-number.lua" "$1" >/dev/null; }
median() { sort -g | awk '{a[NR] = $1} END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
post() { curl -fsS -m 10 -H 'Content-Type: application/json' -d "{\"number\": $1}" -o "$3" "$2"; }

target_port=$(free_port)
taskset -c "$SERVER_CORE" java -XX:ActiveProcessorCount=1 ${TARGET_OPTS:-} -Dquarkus.http.port="$target_port" \
  -Dquarkus.http.host=127.0.0.1 -Dtarget.udp.port="$(free_port)" -Dtarget.https.port="$(free_port)" -jar "$jar" > "$work/target.log" 2>&1 &
target_pid=$!
pids+=("$target_pid")
wait_http "http://127.0.0.1:$target_port/q/health/ready" 60
target_url=http://127.0.0.1:$target_port/test/testApi

echo "== per N: $ROUNDS rounds, nginx then target, wrk -t1 -c$CONNECTIONS -d$DURATION (core $CLIENT_CORE), servers on core $SERVER_CORE"
printf '%-6s %-6s %-7s %12s %14s\n' N round server 'req/s' 'CPU µs/req'
for NUMBER in "${numbers[@]}"; do
  # nginx answers the target's own bytes for N; checked back from nginx before anything is measured
  post "$NUMBER" "$target_url" "$work/answer-$NUMBER.json"
  nginx_port=$(free_port)
  nginx_pid=$(taskset -c "$SERVER_CORE" bash -c "source '$here/lib/common.sh'; start_nginx '$work/nginx-$NUMBER' $nginx_port '$work/answer-$NUMBER.json'")
  pids+=("$nginx_pid")
  wait_http "http://127.0.0.1:$nginx_port/status"
  nginx_url=http://127.0.0.1:$nginx_port/test/testApi
  post "$NUMBER" "$nginx_url" "$work/nginx-answer-$NUMBER.json"
  cmp -s "$work/answer-$NUMBER.json" "$work/nginx-answer-$NUMBER.json" || { echo "nginx and target answer different bytes at N=$NUMBER" >&2; exit 1; }
  warm "$nginx_url"; warm "$target_url"
  : > "$work/nginx.runs"; : > "$work/target.runs"
  for i in $(seq 1 "$ROUNDS"); do
    read -r r c < <(wrk_post_run "$nginx_url" "$nginx_pid"); echo "$r $c" >> "$work/nginx.runs"; printf '%-6s %-6s %-7s %12s %14s\n' "$NUMBER" "$i" nginx "$r" "$c"
    read -r r c < <(wrk_post_run "$target_url" "$target_pid"); echo "$r $c" >> "$work/target.runs"; printf '%-6s %-6s %-7s %12s %14s\n' "$NUMBER" "$i" target "$r" "$c"
  done
  kill "$nginx_pid"; wait "$nginx_pid" 2>/dev/null || true
  n=$(cut -d' ' -f1 "$work/nginx.runs" | median) t=$(cut -d' ' -f1 "$work/target.runs" | median)
  nc=$(cut -d' ' -f2 "$work/nginx.runs" | median) tc=$(cut -d' ' -f2 "$work/target.runs" | median)
  echo "$NUMBER $(stat -c %s "$work/answer-$NUMBER.json") $n $t $nc $tc $(ratio "$t" "$n") $(ratio "$nc" "$tc")" >> "$work/rows"
done
echo
echo "== medians per N; ratios target/nginx: by req/s, and by requests per CPU-second (nginx's CPU µs/req over the target's); goal >= 0.8"
printf '%-5s %7s %12s %12s %11s %11s %10s %10s\n' N bytes 'nginx req/s' 'target req/s' 'nginx µs/r' 'target µs/r' 'by req/s' 'by CPU'
while read -r N bytes n t nc tc rr rc; do
  printf '%-5s %7s %12s %12s %11s %11s %10s %10s\n' "$N" "$bytes" "$n" "$t" "$nc" "$tc" "$rr" "$rc"
done < "$work/rows"
# Which path served: answers written below the router (target.api.direct-answer) against all POST 200s.
metrics=$(curl -fsS -m 10 "http://127.0.0.1:$target_port/q/metrics")
echo "target: $(awk '/^target_api_direct_answers_total[ {]/ {printf "%d", $NF}' <<<"$metrics") of" \
  "$(awk '/^http_server_requests_seconds_count\{/ && /method="POST"/ && /status="200"/ {s += $2} END {printf "%d", s}' <<<"$metrics")" \
  "POST answers written below the router"
