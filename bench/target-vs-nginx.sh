#!/usr/bin/env bash
# target-service vs nginx answering the very same bytes, each pinned to core 1, wrk pinned to core 0, at each answer
# size N given (default the seed's shapes: 2 and 10, CPU-bound; 100; 391, network-bound, 34 KB). nginx serves the
# target's own answer for N, fetched from it, as a file (test-support's nginx.conf through start_nginx), so any size
# works; and, for answers under 3,500 bytes, nginx's cheapest path too, a "return 200 '...'" literal of the same bytes
# (nginx-return). Per N, alternates nginx, nginx-return and target ROUNDS times (A B C A B C ...), prints every run,
# then one row per N and nginx path with the medians and the ratios target/nginx in requests/s and in requests per
# CPU-second, from the server's CPU time per request in /proc/PID/stat (steadier on a shared machine); issue 43's goals
# beside them: >= 1.0 by CPU against both paths at N = 2, >= 0.9 at N = 391. Not a test: figures only.
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
printf '%-6s %-6s %-13s %12s %14s\n' N round server 'req/s' 'CPU µs/req'
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
  servers=(nginx target) urls=("$nginx_url" "$target_url") spids=("$nginx_pid" "$target_pid")
  if [ "$(stat -c %s "$work/answer-$NUMBER.json")" -lt 3500 ]; then
    return_port=$(free_port)
    return_pid=$(taskset -c "$SERVER_CORE" bash -c "source '$here/lib/common.sh'; start_nginx_return '$work/nginx-return-$NUMBER' $return_port '$work/answer-$NUMBER.json'")
    pids+=("$return_pid")
    wait_http "http://127.0.0.1:$return_port/status"
    post "$NUMBER" "http://127.0.0.1:$return_port/test/testApi" "$work/return-answer-$NUMBER.json"
    cmp -s "$work/answer-$NUMBER.json" "$work/return-answer-$NUMBER.json" || { echo "nginx's literal and the target answer different bytes at N=$NUMBER" >&2; exit 1; }
    servers=(nginx nginx-return target) urls=("$nginx_url" "http://127.0.0.1:$return_port/test/testApi" "$target_url")
    spids=("$nginx_pid" "$return_pid" "$target_pid")
  fi
  for u in "${urls[@]}"; do warm "$u"; done
  for name in "${servers[@]}"; do : > "$work/$name.runs"; done
  for i in $(seq 1 "$ROUNDS"); do
    for k in "${!servers[@]}"; do
      read -r r c < <(wrk_post_run "${urls[$k]}" "${spids[$k]}"); echo "$r $c" >> "$work/${servers[$k]}.runs"
      printf '%-6s %-6s %-13s %12s %14s\n' "$NUMBER" "$i" "${servers[$k]}" "$r" "$c"
    done
  done
  for k in "${!servers[@]}"; do
    [ "${servers[$k]}" = target ] || { kill "${spids[$k]}"; wait "${spids[$k]}" 2>/dev/null || true; }
  done
  t=$(cut -d' ' -f1 "$work/target.runs" | median) tc=$(cut -d' ' -f2 "$work/target.runs" | median)
  for peer in "${servers[@]}"; do
    [ "$peer" != target ] || continue
    n=$(cut -d' ' -f1 "$work/$peer.runs" | median) nc=$(cut -d' ' -f2 "$work/$peer.runs" | median)
    echo "$NUMBER $peer $(stat -c %s "$work/answer-$NUMBER.json") $n $t $nc $tc $(ratio "$t" "$n") $(ratio "$nc" "$tc")" >> "$work/rows"
  done
done
echo
echo "== medians per N and nginx path; ratios target/nginx: by req/s, and by requests per CPU-second (nginx's CPU µs/req over the target's)"
printf '%-5s %-13s %7s %12s %12s %11s %11s %9s %7s %s\n' N peer bytes 'peer req/s' 'target req/s' 'peer µs/r' 'target µs/r' 'by req/s' 'by CPU' goal
while read -r N peer bytes n t nc tc rr rc; do
  goal=$([ "$N" -ge 391 ] && echo '>=0.9' || echo '>=1.0')
  printf '%-5s %-13s %7s %12s %12s %11s %11s %9s %7s %s\n' "$N" "$peer" "$bytes" "$n" "$t" "$nc" "$tc" "$rr" "$rc" "$goal"
done < "$work/rows"
# Which path served: answers written below the router (target.api.direct-answer) against all POST 200s.
metrics=$(curl -fsS -m 10 "http://127.0.0.1:$target_port/q/metrics")
echo "target: $(awk '/^target_api_direct_answers_total[ {]/ {printf "%d", $NF}' <<<"$metrics") of" \
  "$(awk '/^http_server_requests_seconds_count\{/ && /method="POST"/ && /status="200"/ {s += $2} END {printf "%d", s}' <<<"$metrics")" \
  "POST answers written below the router"
