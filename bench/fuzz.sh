#!/usr/bin/env bash
# Fuzzes each of the loadgen's Jazzer targets for a bounded time (default 120 s each), one after another.
# In plain `mvn verify` the same targets only replay their committed corpus (src/test/resources/**/*Inputs/).
# A finding fails the run; Jazzer writes the crashing input next to the corpus as crash-<sha1>:
# commit it there, with the fix, so every later build replays it.
# Usage: bench/fuzz.sh [seconds-per-target]      (needs the deps in ~/.m2: run mvn verify once first)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-120}
TARGETS=(
  "loadgen-service:io.loadlab.loadgen.api.spec.SpecReadersFuzzTest#runSpec"
  "loadgen-service:io.loadlab.loadgen.api.spec.SpecReadersFuzzTest#experimentSpec"
  "loadgen-service:io.loadlab.loadgen.http.ResponseParserFuzzTest#anyBytesInAnyPieces"
  "loadgen-service:io.loadlab.loadgen.udp.PongFuzzTest#anyDatagrams"
)
failed=()
for t in "${TARGETS[@]}"; do
  module=${t%%:*}; test=${t#*:}
  echo "== $test (${SECONDS_EACH}s)"
  # JAZZER_FUZZ turns @FuzzTest from corpus replay into coverage-guided fuzzing; max_total_time bounds it.
  if ! JAZZER_FUZZ=1 timeout $((SECONDS_EACH + 300)) mvn -q -B -ntp -o -pl "$module" test -Dtest="$test" \
      -Dsurefire.failIfNoSpecifiedTests=false -Djazzer.max_duration="${SECONDS_EACH}s" \
      -Djazzer.max_total_time="${SECONDS_EACH}"; then
    failed+=("$test")
  fi
done
if ((${#failed[@]})); then
  echo "FINDINGS in: ${failed[*]}"
  exit 1
fi
echo "no findings in ${#TARGETS[@]} targets, ${SECONDS_EACH}s each"
