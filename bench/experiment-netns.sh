#!/usr/bin/env bash
# What limits QPS: CPU or bandwidth, on one machine. The target service alone in a network namespace behind a
# veth pair whose target side is shaped to LINK (tbf), pinned to TARGET_CORE; the loadgen in the root namespace on LOADGEN_CORE,
# driven through POST /experiments. Cells: number 10 and 391 (closed model, keep-alive), then number 10 without
# the link limit (the target's one core as the limit), the same with a busy loop pinned to the target's core (HOG
# rows: someone else holds its CPU), and the same with the target's cgroup given a CFS quota of QUOTA_US per 100 ms
# (QUOTA rows). Prints each experiment's table and verdicts. Then (FOREIGN=1, the default) the foreign-target
# table of issue 23: nginx through the node preset and our target through builtin and the process preset, in the
# same cpu, network and hog cells, alternating, REPEATS times, with the medians (see the section at the end).
# The target runs in a cpu cgroup of its own (/sys/fs/cgroup/cpu/$CG, cgroup v1, as on this kind of machine) and
# enters the namespace by nsenter --net alone: `ip netns exec` remounts /sys, which would hide its cgroup files.
# Load goes only to 10.200.7.6, inside the namespace this script creates and removes (trap), and to loopback.
#   LINK=100mbit DURATION=5s WARMUP=2s QUOTA_US=50000 REPEATS=3 TARGET_JAVA_OPTS=-Xint bench/experiment-netns.sh
#   ONLY_FOREIGN=1 skips to the foreign-target table.
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
  -Dtarget.udp.port=$((PORT + 1)) -Dtarget.https.port=$((PORT + 2)) -jar "$root/target-service/target/quarkus-app/quarkus-run.jar" >"$work/target.log" 2>&1 &
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

if [ "${ONLY_FOREIGN:-0}" != 1 ]; then
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
fi

# == Foreign targets (issue 23): the same cells, read through three sources. nginx (which exports nothing) pinned to
# TARGET_CORE in a cgroup of its own, read through the node preset from a real node-exporter in the namespace; our
# target read through builtin (its own /q/metrics) and through the process preset (Prometheus scraping that same
# endpoint) in one experiment. A real Prometheus on loopback scrapes both every second. Cells: cpu (no link limit,
# nginx gzips a 128 KB text at level 9 per answer; our target number=10), network (50 Mbit/s, nginx a 1 MB binary,
# our target number=391) and hog (the cpu cell with a busy loop pinned to TARGET_CORE at equal weight). ours and nginx
# alternate, REPEATS times; every run is printed, then the medians. With TARGET_JAVA_OPTS=-Xint our target's cpu cell
# is its core's limit, as in the tests; JIT-compiled, it answers about as cheaply as the loadgen asks.
FOREIGN=${FOREIGN:-1} REPEATS=${REPEATS:-3}
[ "$FOREIGN" = 1 ] || exit 0
require nginx prometheus prometheus-node-exporter
NG_CG=lgexp-bn PROMISED=262144
remove_ng_cgroup() {
  [ -d "$CPU_CG/$NG_CG" ] || return 0
  for t in $(cat "$CPU_CG/$NG_CG/tasks" 2>/dev/null); do echo "$t" > "$CPU_CG/tasks" 2>/dev/null || true; done
  rmdir "$CPU_CG/$NG_CG" 2>/dev/null || true
}
trap 'cleanup; remove_ng_cgroup' EXIT INT TERM
remove_ng_cgroup
mkdir "$CPU_CG/$NG_CG"
shares() { echo "$1" > "$CPU_CG/$CG/cpu.shares"; echo "$1" > "$CPU_CG/$NG_CG/cpu.shares"; }
shares $PROMISED

mkdir -p "$work/www" "$work/foreign"
python3 - "$work/www" <<'PY'
import random, sys
random.seed(1)
words = [''.join(random.choice('abcdefghijklmnopqrstuvwxyz') for _ in range(random.randint(3, 9))) for _ in range(2000)]
text = ' '.join(random.choice(words) for _ in range(30000))[:131072]
open(sys.argv[1] + '/text.txt', 'w').write(text)
open(sys.argv[1] + '/big.bin', 'wb').write(random.randbytes(1 << 20))
PY
ng_port=$(free_port) ne_port=$(free_port) prom_port=$(free_port)
sed -e "s|@DIR@|$work|g" -e "s|@LISTEN@|$NS_ADDR:$ng_port|" -e "s|@ROOT@|$work/www|" \
  "$root/test-support/src/main/resources/io/loadlab/testsupport/nginx-files.conf" > "$work/nginx.conf"
sh -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' cg "$CPU_CG/$NG_CG" \
  nsenter --net="/var/run/netns/$NS" taskset -c "$TARGET_CORE" nginx -p "$work" -c "$work/nginx.conf" >"$work/nginx.log" 2>&1 &
pids+=($!)
nsenter --net="/var/run/netns/$NS" prometheus-node-exporter --web.listen-address="$NS_ADDR:$ne_port" --collector.disable-defaults \
  --collector.cpu --collector.schedstat --collector.pressure --collector.netdev >"$work/node-exporter.log" 2>&1 &
pids+=($!)
cat > "$work/prometheus.yml" <<YML
global: {scrape_interval: 1s, evaluation_interval: 1s}
scrape_configs:
  - job_name: node
    static_configs: [{targets: ['$NS_ADDR:$ne_port']}]
  - job_name: target
    metrics_path: /q/metrics
    static_configs: [{targets: ['$NS_ADDR:$PORT']}]
YML
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" --web.listen-address="127.0.0.1:$prom_port" \
  --log.level=warn >"$work/prometheus.log" 2>&1 &
pids+=($!)
wait_http "http://$NS_ADDR:$ng_port/text.txt" 20
wait_http "http://127.0.0.1:$prom_port/-/ready" 30
prom="http://127.0.0.1:$prom_port"
# two scrapes of each job in before the first check (a rate needs two samples; /-/ready answers before the first scrape)
for job in node target; do
  for i in $(seq 1 100); do
    curl -fsS "$prom/api/v1/query" --data-urlencode "query=count_over_time(up{job=\"$job\"}[1m]) >= 2" | grep -q '"value"' && break
    [ "$i" -lt 100 ] || { echo "Prometheus never scraped $job twice" >&2; exit 1; }
    sleep 0.2
  done
done

foreign() { # file spec -> the experiment's JSON in file; bounded wait
  local id state
  local posted
  posted=$(curl -sS -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d "$2" "$api/experiments")
  id=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1]).get("id", ""))' "$posted")
  [ -n "$id" ] || { echo "refused: $posted" >&2; return 0; }
  for _ in $(seq 1 600); do
    state=$(curl -fsS "$api/experiments/$id" | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])')
    [ "$state" = running ] || break
    sleep 0.5
  done
  curl -fsS "$api/experiments/$id" > "$1"
}
ours_spec() { # variant linkMbps
  printf '{"targets":[{"name":"target-builtin","url":"http://%s:%d/test/testApi","metrics":"http://%s:%d/q/metrics","cores":1,"linkMbps":%s},{"name":"target-process","url":"http://%s:%d/test/testApi","metrics":"http://%s:%d/q/metrics","cores":1,"linkMbps":%s,"resources":{"source":"prometheus","url":"%s","preset":"process","match":{"job":"target"}}}],"variants":[%s],"duration":"%s","warmup":"%s"}' \
    "$NS_ADDR" $PORT "$NS_ADDR" $PORT "$2" "$NS_ADDR" $PORT "$NS_ADDR" $PORT "$2" "$prom" "$1" "$DURATION" "$WARMUP"
}
nginx_spec() { # variant linkMbps
  printf '{"targets":[{"name":"nginx-node","url":"http://%s:%d","cores":1,"linkMbps":%s,"resources":{"source":"prometheus","url":"%s","preset":"node","match":{"job":"node"},"cpus":"%s","device":"%s"}}],"variants":[%s],"duration":"%s","warmup":"%s"}' \
    "$NS_ADDR" "$ng_port" "$2" "$prom" "$TARGET_CORE" "$NS_IF" "$1" "$DURATION" "$WARMUP"
}
gzip_get='{"method":"GET","path":"/text.txt","headers":{"Accept-Encoding":"gzip"},"connections":16,"threads":1}'
cell() { # name rep
  local ours nginx link
  case $1 in
    cpu|hog) ours='{"number":10,"connections":32,"threads":1}' nginx=$gzip_get link=10000 ;;
    network) ours='{"number":391,"connections":16,"threads":1}' nginx='{"method":"GET","path":"/big.bin","connections":8,"threads":1}' link=50 ;;
  esac
  foreign "$work/foreign/$1-$2-ours.json" "$(ours_spec "$ours" $link)"
  foreign "$work/foreign/$1-$2-nginx.json" "$(nginx_spec "$nginx" $link)"
}

echo
echo "== foreign targets: nginx (node preset), our target (builtin, process preset); same cells, alternating, $REPEATS repeats"
for rep in $(seq 1 "$REPEATS"); do
  unshape; shares $PROMISED
  cell cpu "$rep"
  shape 50mbit
  cell network "$rep"
  unshape; shares 1024
  taskset -c "$TARGET_CORE" timeout 600 sh -c 'while :; do :; done' &
  hog=$!
  cell hog "$rep"
  kill "$hog" 2>/dev/null || true
done
shares $PROMISED
python3 - "$work/foreign" "$REPEATS" <<'PY'
import json, os, statistics, sys
d, reps = sys.argv[1], int(sys.argv[2])
rows = {}
print(f"{'cell':8} {'rep':>3}  {'source':16} {'verdict':18} {'tgtCPU':>7} {'wait':>6} {'link':>6}  state")
for cell in ('cpu', 'network', 'hog'):
    for rep in range(1, reps + 1):
        for who in ('ours', 'nginx'):
            path = f"{d}/{cell}-{rep}-{who}.json"
            if not os.path.exists(path):
                continue
            x = json.load(open(path))
            for c in x.get('cells', []):
                v = c.get('verdict') or {}
                e = v.get('evidence') or {}
                f = lambda k: '-' if e.get(k) is None else f"{e[k]:.2f}"
                print(f"{cell:8} {rep:>3}  {c['target']:16} {v.get('verdict', '-'):18} {f('targetCpu'):>7} {f('targetWait'):>6} {f('linkUtilisation'):>6}  {x['state']}")
                rows.setdefault((cell, c['target']), []).append((v.get('verdict'), e.get('targetCpu')))
print()
print(f"{'cell':8} {'source':16} {'verdicts':34} {'median tgtCPU':>13}")
for (cell, who), rs in rows.items():
    cpus = [c for _, c in rs if c is not None]
    verdicts = ','.join(str(v) for v, _ in rs)
    print(f"{cell:8} {who:16} {verdicts:34} {statistics.median(cpus) if cpus else float('nan'):13.2f}")
PY
