#!/usr/bin/env bash
# What limits QPS: CPU or bandwidth, on one machine. The target service alone in a network namespace behind a
# veth pair whose target side is shaped to LINK (tbf), pinned to TARGET_CORE; the loadgen in the root namespace on LOADGEN_CORE,
# driven through POST /experiments. Cells: number 10 and 391 (closed model, keep-alive), then number 10 without
# the link limit (the target's one core as the limit), the same with a busy loop pinned to the target's core (HOG
# rows: someone else holds its CPU), and the same with the target's cgroup given a CFS quota of QUOTA_US per 100 ms
# (QUOTA rows). Prints each experiment's table and verdicts.
# The target runs in a cpu cgroup of its own (/sys/fs/cgroup/cpu/$CG, cgroup v1, as on this kind of machine) and
# enters the namespace by nsenter --net alone: `ip netns exec` remounts /sys, which would hide its cgroup files.
# Load goes only to 10.200.7.6, inside the namespace this script creates and removes (trap), and to loopback.
#   LINK=100mbit DURATION=5s WARMUP=2s QUOTA_US=50000 bench/experiment-netns.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$here/lib/common.sh"
require java curl python3 taskset ip tc nsenter

LINK=${LINK:-100mbit} DURATION=${DURATION:-5s} WARMUP=${WARMUP:-2s} TARGET_CORE=${TARGET_CORE:-1} LOADGEN_CORE=${LOADGEN_CORE:-0}
# TARGET_JAVA_OPTS=-Xint makes the target ~20x costlier per request, standing in for a loadgen with a machine of its own.
TARGET_JAVA_OPTS=${TARGET_JAVA_OPTS:-}
QUOTA_US=${QUOTA_US:-50000} CG=lgexp-b CPU_CG=/sys/fs/cgroup/cpu
NS=lgexp-b HOST_IF=lgexpb-r NS_IF=lgexpb-t HOST_ADDR=10.200.7.5 NS_ADDR=10.200.7.6 PORT=18090
netns=$root/test-support/src/main/resources/io/loadlab/testsupport/netns.sh
[ "$(id -u)" = 0 ] || { echo "needs root for ip netns, tc and cgroups" >&2; exit 2; }
[ -f "$CPU_CG/cpu.cfs_quota_us" ] || { echo "needs the cgroup v1 cpu controller at $CPU_CG" >&2; exit 2; }
for m in target-service loadgen-service; do
  [ -f "$root/$m/target/quarkus-app/quarkus-run.jar" ] || (cd "$root" && mvn -o -q -B -DskipTests package -am -pl "$m")
done

work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  bash "$netns" down "$NS" "$HOST_IF"
  remove_cgroup
  rm -rf "$work"
}
remove_cgroup() { # moves any task left back to the root group first: a cgroup with tasks cannot be removed
  [ -d "$CPU_CG/$CG" ] || return 0
  for t in $(cat "$CPU_CG/$CG/tasks" 2>/dev/null); do echo "$t" > "$CPU_CG/tasks" 2>/dev/null || true; done
  rmdir "$CPU_CG/$CG" 2>/dev/null || true
}
trap cleanup EXIT INT TERM
remove_cgroup
mkdir "$CPU_CG/$CG"

# The topology the tests use too (test-support's NetnsLink runs the same script); up removes leftovers first.
bash "$netns" up "$NS" "$HOST_IF" "$NS_IF" "$HOST_ADDR" "$NS_ADDR" "$LINK"
shape() { bash "$netns" shape "$NS" "$NS_IF" "$1"; }
unshape() { bash "$netns" unshape "$NS" "$NS_IF"; }

# The subshell joins the cgroup, then becomes the target (nsenter and taskset exec): its pid is the JVM's.
sh -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' cg "$CPU_CG/$CG" \
  nsenter --net="/var/run/netns/$NS" taskset -c "$TARGET_CORE" java $TARGET_JAVA_OPTS -Dquarkus.http.host="$NS_ADDR" -Dquarkus.http.port=$PORT \
  -Dtarget.udp.port=$((PORT + 1)) -jar "$root/target-service/target/quarkus-app/quarkus-run.jar" >"$work/target.log" 2>&1 &
pids+=($!)
wait_http "http://$NS_ADDR:$PORT/q/health/ready" 60

token=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
lg_port=$(free_port)
taskset -c "$LOADGEN_CORE" env LOADGEN_API_TOKEN="$token" java -Dquarkus.http.host=127.0.0.1 -Dquarkus.http.port="$lg_port" \
  -Dloadgen.data-dir="$work/loadgen-data" -Dloadgen.targets.allowed="127.0.0.0/8,::1,localhost,$NS_ADDR/32" \
  -jar "$root/loadgen-service/target/quarkus-app/quarkus-run.jar" >"$work/loadgen.log" 2>&1 &
pids+=($!)
wait_http "http://127.0.0.1:$lg_port/q/health/ready" 60
api="http://127.0.0.1:$lg_port"

experiment() { # variants-json extra-json -> prints the text table; bounded wait
  local spec id state
  spec=$(printf '{"name":"%s","targets":[{"name":"netns-1core","url":"http://%s:%d/test/testApi","metrics":"http://%s:%d/q/metrics","cores":1}],"variants":[%s],"duration":"%s","warmup":"%s"%s}' \
    "$1" "$NS_ADDR" $PORT "$NS_ADDR" $PORT "$2" "$DURATION" "$WARMUP" "$3")
  id=$(curl -fsS -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d "$spec" "$api/experiments" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
  for _ in $(seq 1 600); do
    state=$(curl -fsS "$api/experiments/$id" | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])')
    [ "$state" = running ] || break
    sleep 0.5
  done
  curl -fsS -H 'Accept: text/plain' "$api/experiments/$id"
}

echo "== link $LINK (target side), target pinned to core $TARGET_CORE, link capacity measured first"
experiment "link-$LINK" '{"number":10,"connections":50,"threads":2},{"number":391,"connections":16,"threads":2}' ''
echo
echo "== no link limit: the target's one core"
unshape
experiment "no-link-limit" '{"number":10,"connections":50,"threads":2}' ',"linkMbps":10000'

echo
echo "== no link limit, a busy loop pinned to the target's core $TARGET_CORE (HOG)"
taskset -c "$TARGET_CORE" timeout 600 sh -c 'while :; do :; done' &
hog=$!
pids+=($hog)
experiment "hog" '{"number":10,"connections":50,"threads":2}' ',"linkMbps":10000'
kill "$hog" 2>/dev/null || true

echo
echo "== no link limit, the target's cgroup limited to $QUOTA_US us of CPU per 100 ms (QUOTA)"
echo 100000 > "$CPU_CG/$CG/cpu.cfs_period_us"
echo "$QUOTA_US" > "$CPU_CG/$CG/cpu.cfs_quota_us"
experiment "quota" '{"number":10,"connections":50,"threads":2}' ',"linkMbps":10000'
echo -1 > "$CPU_CG/$CG/cpu.cfs_quota_us"
