/**
 * A result a pipeline can gate on: thresholds a run or an experiment is judged against ({@link
 * io.loadlab.loadgen.gate.Threshold}, written as {@code "p99Millis": "< 50"}), the judgement ({@link
 * io.loadlab.loadgen.gate.GateResult}: each threshold's actual figure and whether it passed, and {@code passed} for the
 * whole), and an experiment's regressions against a baseline ({@link io.loadlab.loadgen.gate.BaselineComparison}).
 * <p>
 * Judged on the merged, measured part only: never per agent, never with warm-up, and a run that failed never passes
 * (k6's thresholds passed when the script threw, grafana/k6#4283; Gatling's assertions did not fail the build,
 * gatling/gatling#4196).
 * <p>
 * Pure Java: depends on the JDK, Jackson annotations and {@link io.loadlab.loadgen.stats} only; no framework, no kind
 * (each kind names its figures through {@link io.loadlab.loadgen.run.RunKind#gateFigures}).
 */
package io.loadlab.loadgen.gate;
