package io.loadlab.loadgen.page;

import io.loadlab.loadgen.experiment.CellResult;
import io.loadlab.loadgen.experiment.Evidence;
import io.loadlab.loadgen.experiment.ExperimentRecord;
import io.loadlab.loadgen.experiment.ExperimentSpec;
import io.loadlab.loadgen.experiment.ExperimentTarget;
import io.loadlab.loadgen.experiment.Thresholds;
import io.loadlab.loadgen.experiment.Variant;
import io.loadlab.loadgen.experiment.Verdicts;
import io.loadlab.loadgen.experiment.WarmupPass;
import io.loadlab.loadgen.gate.BaselineComparison;
import io.loadlab.loadgen.gate.Change;
import io.loadlab.loadgen.gate.FigureChange;
import io.loadlab.loadgen.gate.GateResult;
import io.loadlab.loadgen.gate.ThresholdResult;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.stats.Interval;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Records as the gate, the baseline comparison and the warm-up pass will fill them in, built by hand so the pages'
 * rendering of them is tested before the code that judges and compares is merged: the contract's records are the
 * pages' only input.
 */
final class PageRecords {

    static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    static final Variant SMALL = new Variant(10, 4, 1, true, 0);
    static final Variant LARGE = new Variant(100, 4, 1, true, 0);
    private static final ExperimentTarget T = new ExperimentTarget("local", URI.create("http://127.0.0.1:1/"),
            URI.create("http://127.0.0.1:1/q/metrics"), 1);

    private PageRecords() {
    }

    /** The target's CPU 0.94 of its core, past the 0.85 the default thresholds call saturated: cpu-bound. */
    static CellResult cell(Variant v, String run, double rps, double p99) {
        return new CellResult("local", 1, v.label(), run, "completed", rps, 36.8, p99 / 2, p99, 3, 0.0012, 0, rps,
                new Verdicts(Thresholds.DEFAULTS).decide(Evidence.of(0.94, 0.1, 0.3, 0.3, null)));
    }

    static GateResult failedGate() {
        return new GateResult(false, List.of(
                new ThresholdResult("p99Millis", "< 50", 73.2, false, "local/" + SMALL.label() + " #1"),
                new ThresholdResult("requestsPerSecond", ">= 20000", 137_777.3, true, "local/" + SMALL.label() + " #1"),
                new ThresholdResult("errorRate", "< 0.001", null, false, "local/" + LARGE.label() + " #1")),
                "errors < 10", "p99Millis < 50: 73.2");
    }

    /** Three repeats of two variants; SMALL regressed against the baseline, LARGE's baseline had one repeat. */
    static ExperimentRecord experiment() {
        ExperimentSpec spec = new ExperimentSpec("pages", List.of(T), List.of(SMALL, LARGE), Duration.ofSeconds(1), null,
                null, 100.0, null, 3, false);
        ExperimentRecord x = ExperimentRecord.started("20260101-000000-000-002", spec, NOW);
        double[][] figures = {{137_777.3, 1.63}, {20_000, 9.5}, {137_900, 1.64}, {20_100, 9.6}, {137_500, 1.62}, {19_900, 9.4}};
        for (int i = 0; i < figures.length; i++) {
            x = x.withCell(cell(i % 2 == 0 ? SMALL : LARGE, "r" + i, figures[i][0], figures[i][1]));
        }
        BaselineComparison compared = new BaselineComparison("20251231-000000-000-001", List.of(
                new FigureChange("local/" + SMALL.label(), "requestsPerSecond", new Interval(150_000, 149_000, 151_000, 3),
                        new Interval(137_777.3, 137_500, 137_900, 3), Change.REGRESSED, null),
                new FigureChange("local/" + LARGE.label(), "p99Millis", Interval.single(9.4),
                        new Interval(9.5, 9.4, 9.6, 3), Change.CANNOT_TELL, "the baseline has 1 repeat; both sides need 3")), null);
        return x.finished(RunState.COMPLETED, NOW, null).judged(failedGate(), compared)
                .withWarmupPass(new WarmupPass(List.of(cell(SMALL, "w0", 28_810, 4.1))));
    }
}
