#!/usr/bin/env bash
# Fuzzes each of the loadgen's Jazzer targets for a bounded time, one after another: each runs for its
# @FuzzTest(maxDuration = "2m"), which is what bounds Jazzer's fuzzing mode (seen: "Done 1258 runs in 31 second(s)"
# for a 30s bound), plus a hard timeout around Maven.
# In plain `mvn verify` the same targets only replay their committed corpus (src/test/resources/**/*Inputs/).
# A finding fails the run and Jazzer names the crashing input (crash-<sha1>): copy it into the Inputs dir
# and commit it with the fix, so every later build replays it.
# Works on JDK 17 with jazzer-junit 0.24.0 (its native agent loads; no extra JVM flag needed).
# Usage: bench/fuzz.sh      (needs the deps in ~/.m2: run mvn verify once first)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=120 # the targets' maxDuration
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
  # JAZZER_FUZZ turns @FuzzTest from corpus replay into coverage-guided fuzzing; the maxDuration bounds it.
  if ! JAZZER_FUZZ=1 timeout $((SECONDS_EACH + 300)) mvn -q -B -ntp -o -pl "$module" test -Dtest="$test" \
      -Dsurefire.failIfNoSpecifiedTests=false; then
    failed+=("$test")
  fi
done
if ((${#failed[@]})); then
  echo "FINDINGS in: ${failed[*]}"
  exit 1
fi
echo "no findings in ${#TARGETS[@]} targets, ${SECONDS_EACH}s each"
