#!/usr/bin/env bash
# loadgen vs wrk against one nginx, same settings, same single core: 50 connections, 1 event loop,
# closed model. nginx (one process) on core 1, each generator on core 0 in turn; the loadgen is driven
# through its REST API like a user would. RUNS alternating runs (wrk, loadgen, wrk, ...) print each side's
# rate and process CPU time per request (user + system from /proc, bench/lib/cpu.py), then the medians and the
# ratios (issue 43's goals with keep-alive: rate >= 1.2 x wrk, CPU per request <= 0.8 x wrk's); then (RSS=1) the loadgen's resident memory
# after a short and a long run (it must not grow with run length). Then (MIX=1) a request mix: GET /a/${id} weight 3,
# POST /b with ${id} in a JSON body weight 1, ids a range read in order; wrk does the same in Lua (bench/lib/mix.lua),
# and loadlab's own single-request run is the third side: RUNS alternating triples print the mix's rate against wrk's
# (goal >= 1.0) and its cost against the single request (goal <= 5%). With CLOSE=1 (the default) the comparison is
# repeated with a connection per request: wrk -H "Connection: close" against "keepAlive":false (goal >= 1.0 x wrk).
#   RUNS=5 DURATION=10s WARMUP=5s DURATION_LONG=60s CONNECTIONS=50 RSS=1 MIX=1 MAIN=1 CLOSE=1 bench/loadgen-vs-wrk.sh
# (MAIN=0 skips the single-request comparison with wrk, CLOSE=0 the keep-alive-off one, MIX=0 the mix, RSS=0 the memory.)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
require wrk nginx taskset java curl python3

DURATION=${DURATION:-10s} WARMUP=${WARMUP:-5s} DURATION_LONG=${DURATION_LONG:-60s} CONNECTIONS=${CONNECTIONS:-50}
RUNS=${RUNS:-5} RSS=${RSS:-1} MIX=${MIX:-1} MAIN=${MAIN:-1} CLOSE=${CLOSE:-1}
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

spec() { # warmup duration [keepAlive]
  printf '{"kind":"http","target":"%s","connections":%d,"threads":1,"duration":"%s","warmup":"%s","rate":0,"timeout":"2s","keepAlive":%s}' \
    "$url" "$CONNECTIONS" "$2" "$1" "${3:-true}"
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

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
us_per() { awk -v c="$1" -v n="$2" 'BEGIN { printf "%.3f", (n > 0 ? c * 1e6 / n : 0) }'; }

echo "== load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
compare() { # keepAlive (true|false) [wrk's extra arguments]
local keep=$1 i w wc l lc wrk_out w_cpu w_req l_cpu l_req l_json lg_port lg_pid
shift
echo "== keep-alive $keep: $RUNS alternating runs, wrk then loadgen: wrk -t1 -c$CONNECTIONS -d$DURATION $* on core $GEN_CORE"
echo "   (nginx on core $SERVER_CORE); loadgen via POST /runs ($CONNECTIONS connections, 1 event loop, closed model, $WARMUP"
echo "   warm-up + $DURATION, \"keepAlive\":$keep), one process for all runs. CPU = user + system time from /proc/<pid>/stat:"
echo "   wrk's whole life (it has no warm-up), the loadgen's over its measured part, against the requests of that window."
lg_port=$(free_port)
lg_pid=$(start_loadgen "$lg_port" "$token" "$work/loadgen-bench.log" "$GEN_CORE")
pids+=("$lg_pid")
wait_http "http://127.0.0.1:$lg_port/q/health/ready" 60
printf '%-4s %12s %12s %14s   %12s %12s %14s %8s\n' run 'wrk req/s' 'wrk CPU s' 'wrk us/req' 'lg req/s' 'lg CPU s' 'lg us/req' 'lg err'
local w_rates='' w_costs='' l_rates='' l_costs=''
for i in $(seq 1 "$RUNS"); do
  wrk_out=$(python3 "$here/lib/cpu.py" child "$work/wrk.cpu" -- taskset -c "$GEN_CORE" wrk -t1 -c"$CONNECTIONS" -d"$DURATION" "$@" "$url")
  w_cpu=$(cat "$work/wrk.cpu")
  w_req=$(awk '/requests in/ {print $1}' <<<"$wrk_out")
  w=$(wrk_rate "$wrk_out")
  read -r l_cpu l_req l_json < <(python3 "$here/lib/cpu.py" loadgen "http://127.0.0.1:$lg_port" "$token" "$lg_pid" "$(spec "$WARMUP" "$DURATION" "$keep")")
  l=$(json_get "$l_json" requestsPerSecond)
  wc=$(us_per "$w_cpu" "$w_req") lc=$(us_per "$l_cpu" "$l_req")
  printf '%-4s %12.1f %12.2f %14s   %12.1f %12.2f %14s %8s\n' "$i" "$w" "$w_cpu" "$wc" "$l" "$l_cpu" "$lc" "$(json_get "$l_json" errors.readWrite)"
  w_rates+=" $w" w_costs+=" $wc" l_rates+=" $l" l_costs+=" $lc"
done
kill "$lg_pid"; wait "$lg_pid" 2>/dev/null || true
local mw ml mwc mlc
mw=$(median <<<"$w_rates") ml=$(median <<<"$l_rates") mwc=$(median <<<"$w_costs") mlc=$(median <<<"$l_costs")
printf '\nmedian   wrk %12.1f req/s %10s us CPU/req\n' "$mw" "$mwc"
printf 'median   loadgen %8.1f req/s %10s us CPU/req\n' "$ml" "$mlc"
# issue 43's goals: keep-alive 1.2 x wrk's rate at 0.8 x its CPU per request; a connection per request 1.0 and 1.0
printf 'ratio loadgen/wrk, keep-alive %s: requests/s %s (goal >= %s), CPU per request %s (goal <= %s)\n\n' "$keep" \
  "$(ratio "$ml" "$mw")" "$([ "$keep" = true ] && echo 1.2 || echo 1.0)" "$(ratio "$mlc" "$mwc")" \
  "$([ "$keep" = true ] && echo 0.8 || echo 1.0)"
}
if [ "$MAIN" = 1 ]; then compare true; fi
if [ "$CLOSE" = 1 ]; then compare false -H "Connection: close"; fi

rss() { # label: RSS of fresh processes after a 5 s and a long run
  local short long
  read -r _ short _ < <(loadgen_run 0s 5s)
  read -r _ long _ < <(loadgen_run 0s "$DURATION_LONG")
  printf '%-28s after a 5s run: %7s KiB   after a %s run: %7s KiB\n' "$1" "$short" "$DURATION_LONG" "$long"
}
mix_spec() { # warmup duration: the 3:1 mix of bench/lib/mix.lua
  printf '{"kind":"http","target":"%s","connections":%d,"threads":1,"duration":"%s","warmup":"%s","rate":0,"timeout":"2s",' \
    "http://127.0.0.1:$nginx_port/" "$CONNECTIONS" "$2" "$1"
  printf '"requests":[{"name":"get-item","weight":3,"method":"GET","path":"/a/${id}"},'
  printf '{"name":"add-to-cart","weight":1,"method":"POST","path":"/b","body":"{\\"id\\": ${id}, \\"qty\\": 1}"}],'
  printf '"values":{"id":{"range":[1,100000]}}}'
}
mix() {
  echo "== request mix: $RUNS alternating triples (wrk + bench/lib/mix.lua, loadgen mix, loadgen single request),"
  echo "   each $DURATION on core $GEN_CORE after the loadgen's $WARMUP warm-up; the single request is the GET of the runs above;"
  echo "   CPU per request as above (steadier than req/s on a shared machine)"
  local port pid i w m s wc mc sc w_out w_cpu m_cpu m_req m_json s_cpu s_req s_json
  local w_rates='' m_rates='' s_rates='' w_costs='' m_costs='' s_costs=''
  port=$(free_port)
  pid=$(start_loadgen "$port" "$token" "$work/loadgen-mix.log" "$GEN_CORE")
  pids+=("$pid")
  wait_http "http://127.0.0.1:$port/q/health/ready" 60
  printf '%-4s %14s %10s   %14s %10s   %14s %10s %8s\n' run 'wrk mix req/s' 'us/req' 'lg mix req/s' 'us/req' \
    'lg one req/s' 'us/req' 'lg err'
  for i in $(seq 1 "$RUNS"); do
    w_out=$(python3 "$here/lib/cpu.py" child "$work/wrk-mix.cpu" -- taskset -c "$GEN_CORE" wrk -t1 -c"$CONNECTIONS" \
      -d"$DURATION" -s "$here/lib/mix.lua" "http://127.0.0.1:$nginx_port/")
    w=$(wrk_rate "$w_out") wc=$(us_per "$(cat "$work/wrk-mix.cpu")" "$(awk '/requests in/ {print $1}' <<<"$w_out")")
    read -r m_cpu m_req m_json < <(python3 "$here/lib/cpu.py" loadgen "http://127.0.0.1:$port" "$token" "$pid" \
      "$(mix_spec "$WARMUP" "$DURATION")")
    m=$(json_get "$m_json" requestsPerSecond) mc=$(us_per "$m_cpu" "$m_req")
    read -r s_cpu s_req s_json < <(python3 "$here/lib/cpu.py" loadgen "http://127.0.0.1:$port" "$token" "$pid" \
      "$(spec "$WARMUP" "$DURATION")")
    s=$(json_get "$s_json" requestsPerSecond) sc=$(us_per "$s_cpu" "$s_req")
    printf '%-4s %14.1f %10s   %14.1f %10s   %14.1f %10s %8s\n' "$i" "$w" "$wc" "$m" "$mc" "$s" "$sc" \
      "$(json_get "$m_json" errors.readWrite)"
    w_rates+=" $w" m_rates+=" $m" s_rates+=" $s" w_costs+=" $wc" m_costs+=" $mc" s_costs+=" $sc"
  done
  kill "$pid"; wait "$pid" 2>/dev/null || true
  w=$(median <<<"$w_rates") m=$(median <<<"$m_rates") s=$(median <<<"$s_rates")
  wc=$(median <<<"$w_costs") mc=$(median <<<"$m_costs") sc=$(median <<<"$s_costs")
  printf 'median   wrk mix %.1f req/s %s us/req, loadgen mix %.1f req/s %s us/req, loadgen single %.1f req/s %s us/req\n' \
    "$w" "$wc" "$m" "$mc" "$s" "$sc"
  printf 'ratio loadgen mix/wrk mix: requests/s %s (goal >= 1.0), CPU per request %s\n' "$(ratio "$m" "$w")" "$(ratio "$mc" "$wc")"
  printf 'mix cost against the single request: requests/s %s%% (goal <= 5%%), CPU per request %s%%\n' \
    "$(awk -v m="$m" -v s="$s" 'BEGIN { if (s > 0) printf "%.1f", (1 - m / s) * 100; else print "n/a" }')" \
    "$(awk -v m="$mc" -v s="$sc" 'BEGIN { if (s > 0) printf "%+.1f", (m / s - 1) * 100; else print "n/a" }')"
}
[ "$MIX" = 1 ] && mix

[ "$RSS" = 1 ] || exit 0
echo "== loadgen RSS (fresh process each): the JVM's default heap grows into its young generation as it is"
echo "   touched; with a fixed small heap the same runs show that the engine's memory does not depend on run length"
rss "default JVM heap"
LOADGEN_JAVA_OPTS="-Xms96m -Xmx96m" rss "-Xms96m -Xmx96m"
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
