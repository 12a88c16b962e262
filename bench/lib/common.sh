# Shared helpers for bench scripts: sourced, not run. Everything they start listens on loopback only.

# The checkout, wherever this file is sourced from (start_nginx also runs in a fresh bash -c).
loadlab_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

require() {
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || { echo "missing tool: $tool (Debian package: ${PKG[$tool]:-$tool})" >&2; exit 2; }
  done
}
declare -A PKG=([wrk]=wrk [nginx]=nginx-light [sockperf]=sockperf [taskset]=util-linux [java]=openjdk-17-jre-headless [curl]=curl)

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

wait_http() { # url [seconds]
  local url=$1 deadline=$((SECONDS + ${2:-30}))
  until curl -fsS -o /dev/null "$url" 2>/dev/null; do
    [ $SECONDS -lt $deadline ] || { echo "not up after ${2:-30}s: $url" >&2; return 1; }
    sleep 0.2
  done
}

# The exact bytes the target answers for {"number": N}, so nginx can serve the very same response.
answer_bytes() {
  local n=$1 item='{"name":"nginx","author":"Igor Sysoev","version":"1.18","desp":"高性能代理工具"}' body=""
  for ((i = 0; i < n; i++)); do body+="${body:+,}$item"; done
  printf '{"code":200,"msg":"ok","body":[%s]}' "$body"
}

# nginx_answer DIR BYTES_FILE: puts in nginx's work dir what its catch-all locations answer, as test-support's Nginx
# does: answer.json (the bytes, copied as they are, any size) and answer.conf (nginx-answer.conf, how they are served).
nginx_answer() {
  mkdir -p "$1"
  cp "$2" "$1/answer.json"
  cp "$loadlab_root/test-support/src/main/resources/io/loadlab/testsupport/nginx-answer.conf" "$1/answer.conf"
}

# start_nginx DIR PORT BYTES_FILE: one nginx process (no master, one worker loop) answering BYTES on every path
# (/test/testApi included, to any method) and its counters on /status: the nginx.conf the tests start (test-support),
# filled in here.
start_nginx() {
  nginx_answer "$1" "$3"
  _nginx_launch "$1" "$2"
}

# start_nginx_return DIR PORT BYTES_FILE: as start_nginx, answering with a "return 200 '...'" literal of the bytes
# instead of the file: nginx's cheapest path (16 CPU-us per request at N = 2 against the file's 20, nginx-answer.conf),
# for answers under 3,500 bytes (a configuration token has a 4 KB buffer) without ' $ or \ in them.
start_nginx_return() {
  local bytes
  bytes=$(<"$3")
  [ "$(wc -c <"$3")" -lt 3500 ] || { echo "a literal answer must be under 3,500 bytes: $3" >&2; return 1; }
  [[ $bytes != *"'"* && $bytes != *'$'* && $bytes != *'\'* ]] || { echo "the answer holds ' \$ or \\: $3" >&2; return 1; }
  mkdir -p "$1"
  printf "default_type application/json;\nreturn 200 '%s';\n" "$bytes" > "$1/answer.conf"
  _nginx_launch "$1" "$2"
}

# _nginx_launch DIR PORT: test-support's nginx.conf filled in, nginx started on it (its answer.conf already in DIR).
_nginx_launch() {
  local dir=$1 port=$2 conf
  conf=$(<"$loadlab_root/test-support/src/main/resources/io/loadlab/testsupport/nginx.conf")
  # quoted replacements: bash 5.2 would otherwise put the match in place of any & in them
  conf=${conf//@DIR@/"$dir"}
  conf=${conf//@PORT@/"$port"}
  printf '%s\n' "$conf" > "$dir/nginx.conf"
  # Detached from our stdout, or a caller's $(start_nginx ...) would wait for nginx to exit.
  nginx -p "$dir" -c "$dir/nginx.conf" >/dev/null 2>&1 &
  echo $!
}

# wrk_rate OUTPUT: the Requests/sec figure of a wrk run's output.
wrk_rate() { awk '/Requests\/sec/ {print $2}' <<<"$1"; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

# start_loadgen PORT TOKEN LOG [CORE]: the packaged loadgen on loopback; echoes its pid. LOADGEN_JAVA picks the JVM
# (default: java on PATH), e.g. /usr/lib/jvm/temurin-25-jdk-amd64/bin/java to measure JDK 25.
start_loadgen() {
  local port=$1 token=$2 log=$3 core=${4:-} data
  data=$(dirname "$log")/loadgen-data
  # shellcheck disable=SC2086 # LOADGEN_JAVA_OPTS is a list of JVM flags
  ${core:+taskset -c "$core"} env LOADGEN_API_TOKEN="$token" "${LOADGEN_JAVA:-java}" ${LOADGEN_JAVA_OPTS:-} -Dquarkus.http.host=127.0.0.1 \
    -Dquarkus.http.port="$port" -Dloadgen.data-dir="$data" \
    -jar "$root/loadgen-service/target/quarkus-app/quarkus-run.jar" >"$log" 2>&1 &
  echo $!
}

# post_run PORT TOKEN SPEC: posts a run, polls it (bounded) until it ends, prints the finished run's JSON.
post_run() {
  local port=$1 token=$2 spec=$3 id state json
  id=$(curl -fsS -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d "$spec" \
    "http://127.0.0.1:$port/runs" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
  for _ in $(seq 1 7200); do
    json=$(curl -fsS "http://127.0.0.1:$port/runs/$id")
    state=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["state"])' "$json")
    case $state in completed|failed|cancelled) echo "$json"; return 0 ;; esac
    sleep 0.5
  done
  echo "run $id did not finish" >&2; return 1
}

# json_get JSON PATH: a field of a JSON document, by dotted path (report.latencyMicros.p50).
json_get() {
  python3 -c 'import json,sys
v=json.loads(sys.argv[1])
for k in sys.argv[2].split("."): v=v[k]
print(v)' "$1" "$2"
}

rss_kib() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }

# proc_ticks PID: user + system CPU time of one process so far, in clock ticks (getconf CLK_TCK a second).
proc_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# wrk_post_run URL PID -> "req/s µs-CPU-per-request": one measured wrk run posting {"number": $NUMBER}
# (lib/post-number.lua), -t1 -c$CONNECTIONS -d$DURATION pinned to $CLIENT_CORE, and PID's CPU time per request over it
# (steadier on a shared machine than req/s). Fails on any answer other than 200.
wrk_post_run() {
  local before after out requests
  before=$(proc_ticks "$2")
  out=$(NUMBER=$NUMBER taskset -c "$CLIENT_CORE" wrk -t1 -c"$CONNECTIONS" -d"$DURATION" -s "$loadlab_root/bench/lib/post-number.lua" "$1")
  after=$(proc_ticks "$2")
  if grep -q "Non-2xx" <<<"$out"; then echo "wrk got answers other than 200 from $1: $out" >&2; exit 1; fi
  requests=$(awk '/requests in/ {print $1}' <<<"$out")
  awk -v r="$(wrk_rate "$out")" -v t=$((after - before)) -v n="$requests" -v hz="$(getconf CLK_TCK)" \
    'BEGIN { printf "%s %.2f\n", r, (n > 0 ? t / hz / n * 1e6 : 0) }'
}

# nginx_tls WORK KEY CORE: in this shell (it sets globals), a certificate for 127.0.0.1 (an IP SAN, so the loadgen's
# host check passes; KEY ec = P-256, rsa = RSA-2048; valid a day) at WORK/cert.pem and WORK/key.pem, and one nginx
# (test-support's nginx-tls.conf, filled in as start_nginx fills nginx.conf) on CORE answering the target's 2-item
# bytes on four ports: p_h2c (h2 by prior knowledge), p_h2 (h2 over TLS, ALPN), p_https (HTTP/1.1 over TLS) and
# p_close (HTTP/1.1 over TLS with neither tickets nor a session cache: every handshake full). No access log on any.
# Keep-alive without limit (the template's), so nobody measures reconnects it did not ask for: nginx's default of
# 1000 requests also ends an h2 connection. Sets nginx_tls_pid; returns once every port answers.
nginx_tls() {
  local work=$1 key=$2 core=$3 key_opts servers tls conf p p_plain
  case $key in
    ec) key_opts=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1) ;;
    rsa) key_opts=(-newkey rsa:2048) ;;
    *) echo "KEY is ec or rsa: $key" >&2; exit 2 ;;
  esac
  openssl req -x509 "${key_opts[@]}" -nodes -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
    -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
  answer_bytes 2 > "$work/answer.json"
  p_plain=$(free_port) p_h2c=$(free_port) p_h2=$(free_port) p_https=$(free_port) p_close=$(free_port)
  nginx_answer "$work/nginx" "$work/answer.json"
  _tls_server() { # listen-parameters extra-directives
    printf '  server {\n    listen %s;\n%s\n    location / { include answer.conf; }\n  }\n' "$1" "$2"
  }
  tls="    ssl_certificate $work/cert.pem;
    ssl_certificate_key $work/key.pem;"
  servers="$(_tls_server "127.0.0.1:$p_h2c http2" "")
$(_tls_server "127.0.0.1:$p_h2 ssl http2" "$tls")
$(_tls_server "127.0.0.1:$p_https ssl" "$tls")
$(_tls_server "127.0.0.1:$p_close ssl" "$tls
    ssl_session_tickets off;
    ssl_session_cache off;")"
  conf=$(<"$loadlab_root/test-support/src/main/resources/io/loadlab/testsupport/nginx-tls.conf")
  # quoted replacements: bash 5.2 would otherwise put the match in place of any & in them
  conf=${conf//@DIR@/"$work/nginx"}
  conf=${conf//@PORT@/"$p_plain"}
  conf=${conf//@SERVERS@/"$servers"}
  printf '%s\n' "$conf" > "$work/nginx/nginx.conf"
  taskset -c "$core" nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" >/dev/null 2>&1 &
  nginx_tls_pid=$!
  for _ in $(seq 1 50); do # the h2c port speaks HTTP/2 only: asked by prior knowledge
    curl -fsS -o /dev/null --http2-prior-knowledge "http://127.0.0.1:$p_h2c/" 2>/dev/null && break
    sleep 0.2
  done
  curl -fsS -o /dev/null --http2-prior-knowledge "http://127.0.0.1:$p_h2c/" || { echo "nginx not up on $p_h2c" >&2; exit 1; }
  for p in "$p_h2" "$p_https" "$p_close"; do
    curl -fsS -o /dev/null --cacert "$work/cert.pem" "https://127.0.0.1:$p/" || { echo "nginx not up on $p" >&2; exit 1; }
  done
}
