#!/usr/bin/env bash
# Fuzzes each Jazzer target of both services for a bounded time, one after another (Jazzer fuzzes one test per
# JVM): each runs for its @FuzzTest(maxDuration = "2m"), which is what bounds Jazzer's fuzzing mode (seen: "Done
# 1258 runs in 31 second(s)" for a 30s bound), plus a hard timeout around Maven. jazzer-junit 0.24.0 takes that
# bound from the annotation only (-Djazzer.max_duration=60s was tried: the run still lasted its 2 minutes).
# In plain `mvn verify` the same targets only replay their committed corpus (src/test/resources/**/*Inputs/).
# A finding fails the run and Jazzer names the crashing input (crash-<sha1>): copy it into the Inputs dir
# and commit it with the fix, so every later build replays it.
# Works on JDK 17 with jazzer-junit 0.24.0 (its native agent loads; no extra JVM flag needed).
# Usage: bench/fuzz.sh [filter]   (offline: run mvn verify once first to fill ~/.m2; a filter keeps only the
# targets whose name contains it, e.g. bench/fuzz.sh target-service)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=120 # the targets' maxDuration
FILTER=${1:-}
TARGETS=(
  "loadgen-service:io.loadlab.loadgen.api.spec.SpecReadersFuzzTest#runSpec"
  "loadgen-service:io.loadlab.loadgen.api.spec.SpecReadersFuzzTest#experimentSpec"
  "loadgen-service:io.loadlab.loadgen.http.ResponseParserFuzzTest#anyBytesInAnyPieces"
  "loadgen-service:io.loadlab.loadgen.udp.PongFuzzTest#anyDatagrams"
  "target-service:io.loadlab.target.udp.DatagramIntakeFuzzTest#anyDatagrams"
  "target-service:io.loadlab.target.api.NumberParserFuzzTest#post"
  "target-service:io.loadlab.target.api.MediaTypeFuzzTest#anyHeader"
)
ran=0
failed=()
for t in "${TARGETS[@]}"; do
  [[ $t == *"$FILTER"* ]] || continue
  module=${t%%:*}; test=${t#*:}
  ran=$((ran + 1))
  echo "== $test (${SECONDS_EACH}s)"
  # JAZZER_FUZZ turns @FuzzTest from corpus replay into coverage-guided fuzzing; the maxDuration bounds it.
  # -am builds the shared modules too (no -Dtest match there), so nothing needs installing in ~/.m2 first.
  # -Djazzer.hooks=true: fuzzing needs them (the pom has them on for the corpus replay in mvn verify too).
  if ! JAZZER_FUZZ=1 timeout $((SECONDS_EACH + 300)) mvn -q -B -ntp -o -pl "$module" -am test -Dtest="$test" \
      -Dsurefire.failIfNoSpecifiedTests=false -Djazzer.hooks=true; then
    failed+=("$test")
  fi
done
if ((${#failed[@]})); then
  echo "FINDINGS in: ${failed[*]}"
  exit 1
fi
echo "no findings in $ran targets, ${SECONDS_EACH}s each"
