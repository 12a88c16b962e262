# Shared helpers for bench scripts: sourced, not run. Everything they start listens on loopback only.

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

# start_nginx DIR PORT BYTES_FILE: one nginx process (no master, one worker loop) answering BYTES on /test/testApi.
start_nginx() {
  local dir=$1 port=$2 bytes
  bytes=$(sed "s/'/\\\\'/g" "$3")
  mkdir -p "$dir"
  cat > "$dir/nginx.conf" <<CONF
daemon off;
master_process off;
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 100000000;
  keepalive_timeout 300s;
  client_body_temp_path $dir/body;
  proxy_temp_path $dir/proxy;
  fastcgi_temp_path $dir/fastcgi;
  uwsgi_temp_path $dir/uwsgi;
  scgi_temp_path $dir/scgi;
  server {
    listen 127.0.0.1:$port;
    location = /test/testApi { default_type application/json; return 200 '$bytes'; }
    location = /status { stub_status; }
  }
}
CONF
  # Detached from our stdout, or a caller's $(start_nginx ...) would wait for nginx to exit.
  nginx -p "$dir" -c "$dir/nginx.conf" >/dev/null 2>&1 &
  echo $!
}

# wrk_rate OUTPUT: the Requests/sec figure of a wrk run's output.
wrk_rate() { awk '/Requests\/sec/ {print $2}' <<<"$1"; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
