#!/usr/bin/env bash
# Makes the README's screenshots from a real run: docs/run-report.png (the main job's run) and
# docs/experiment-report.png (a small experiment against the same target), with Debian's headless Chromium.
# Run from anywhere: docs/screenshots.sh. It runs .ci/local-load-test and does its part while both services are up.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || { echo "missing tool: $chromium (apt-get install chromium; .ci/setup does)" >&2; exit 1; }
if [ -z "${LOADGEN_URL:-}" ]; then
  AFTER_RUN="$root/docs/screenshots.sh" exec "$root/.ci/local-load-test"
fi

shoot() { # url png height
  # No call home: the same switches the browser tests use.
  "$chromium" --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,"$3" \
    --disable-background-networking --disable-component-update --disable-sync --disable-extensions \
    --disable-domain-reliability --no-first-run --no-default-browser-check --no-pings --metrics-recording-only \
    --virtual-time-budget=5000 --screenshot="$2" "$1" 2>/dev/null
  echo "== screenshot: $2"
}
shoot "$LOADGEN_URL/runs/$RUN_ID/report.html" "$root/docs/run-report.png" 1700

spec='{"name":"readme","targets":[{"name":"target-local","url":"'$TARGET_URL'/test/testApi","metrics":"'$TARGET_URL'/q/metrics","cores":1}],
 "variants":[{"number":10,"connections":8,"threads":1},{"number":100,"connections":8,"threads":1},{"number":391,"connections":8,"threads":1}],
 "duration":"3s","warmup":"1s","timeout":"5s","linkMbps":10000}'
id=$(curl -fsS -H "Authorization: Bearer $LOADGEN_API_TOKEN" -H 'Content-Type: application/json' -d "$spec" \
  "$LOADGEN_URL/experiments" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
for _ in $(seq 1 120); do # bounded: three 4 s cells take about 15 s
  state=$(curl -fsS "$LOADGEN_URL/experiments/$id" | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])')
  [ "$state" = running ] || break
  sleep 1
done
echo "== experiment $id: $state"
shoot "$LOADGEN_URL/experiments/$id/report.html" "$root/docs/experiment-report.png" 1500
