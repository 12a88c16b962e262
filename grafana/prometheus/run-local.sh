#!/usr/bin/env bash
# Starts Prometheus for local runs: scrapes the target (default 127.0.0.1:8080) and the loadgen
# (default 127.0.0.1:8090) at /q/metrics every 5 s, listens on 127.0.0.1:9090, keeps its data in a
# temporary directory removed on exit. Runs in the foreground; Ctrl-C stops it.
#
#   TARGET_ADDR=127.0.0.1:8080 LOADGEN_ADDR=127.0.0.1:8090 PROMETHEUS_ADDR=127.0.0.1:9090 grafana/prometheus/run-local.sh
#
# Exit 3 when Prometheus is not installed (Debian/Ubuntu: apt-get install prometheus), so a caller can
# tell "no Prometheus here" from a failure.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target="${TARGET_ADDR:-127.0.0.1:8080}"
loadgen="${LOADGEN_ADDR:-127.0.0.1:8090}"
listen="${PROMETHEUS_ADDR:-127.0.0.1:9090}"

if ! command -v prometheus >/dev/null 2>&1; then
  echo "run-local.sh: prometheus is not on PATH; install the Debian package 'prometheus'" >&2
  exit 3
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/loadlab-prometheus.XXXXXX")"
trap 'rm -rf "$work"' EXIT

sed -e "s/127\.0\.0\.1:8080/${target}/" -e "s/127\.0\.0\.1:8090/${loadgen}/" \
  "$here/prometheus-local.yml" > "$work/prometheus.yml"
if command -v promtool >/dev/null 2>&1; then
  promtool check config "$work/prometheus.yml" >/dev/null
fi

echo "run-local.sh: Prometheus on http://${listen}, scraping target ${target} and loadgen ${loadgen}" >&2
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/data" \
  --web.listen-address="$listen" --storage.tsdb.retention.time=1d &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$work"' EXIT INT TERM
wait "$pid"
