package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.calibrate.Calibration;
import io.loadlab.loadgen.calibrate.Ceiling;
import io.loadlab.loadgen.calibrate.Measurement;
import io.loadlab.loadgen.calibrate.Shape;
import io.loadlab.loadgen.run.RunState;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An experiment's cells against its calibrated ceiling: each cell's shape and event loops pick the ceiling. */
class SuspectFlaggingTest {

    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final ExperimentTarget T = new ExperimentTarget("t", URI.create("http://127.0.0.1:1/"),
            URI.create("http://127.0.0.1:1/q/metrics"), 1);
    private static final Variant KEEP = new Variant(10, 4, 1, true, 0);
    private static final Variant CLOSE = new Variant(10, 4, 2, false, 0);
    private static final Calibration CAL = new Calibration(new Ceiling(2, 10_000, 2_000, 20.0, 80.0, 50_000), List.of(
            new Measurement(Shape.HTTP_KEEP_ALIVE, "r1", 1, 10_000, 20.0, 10_000, 10_000),
            new Measurement(Shape.HTTP_CLOSE, "r2", 1, 2_000, 80.0, 2_000, 2_000),
            new Measurement(Shape.UDP, "r3", 1, 50_000, null, 50_000, 50_000)));

    private static CellResult cell(Variant v, String run, double rps) {
        return new CellResult("t", 1, v.label(), run, "completed", rps, 1, 1, 2, 0, 0, 0, rps,
                new Verdicts(Thresholds.DEFAULTS).decide(Evidence.of(0.5, 0.5, 0.5, 0.0, null)));
    }

    private static ExperimentRecord finished(boolean calibrated, CellResult... cells) {
        ExperimentSpec spec = new ExperimentSpec(null, List.of(T), List.of(KEEP, CLOSE), Duration.ofSeconds(1), null,
                null, 100.0, null, null, calibrated);
        ExperimentRecord x = ExperimentRecord.started("20260101-000000-000-001", spec, NOW);
        if (calibrated) {
            x = x.withCalibration(CAL);
        }
        for (CellResult c : cells) {
            x = x.withCell(c);
        }
        return x.finished(RunState.COMPLETED, NOW, null).flagged(0.7);
    }

    @Test
    void cellsAtOrPastTheShareOfTheirShapesCeilingAreFlaggedWithTheFigures() {
        ExperimentRecord x = finished(true,
                cell(KEEP, "a", 6_999), // 69.99% of 10,000 on one loop
                cell(KEEP, "b", 7_000), // 70%
                cell(CLOSE, "c", 2_900), // 72.5% of 2 x 2,000 (two loops)
                cell(CLOSE, "d", 2_700)); // 67.5%
        assertEquals(List.of("b", "c"), x.suspects().stream().map(s -> s.runId()).toList());
        assertEquals(4_000, x.suspects().get(1).ceiling(), 1e-9);
        assertTrue(x.suspects().get(1).reason().contains("2900/s is 73% of this loadgen's own ceiling of 4000/s for "
                + "HTTP_CLOSE on 2 event loop(s)"), x.suspects().get(1).reason());
        String text = ExperimentTable.text(x);
        assertTrue(text.contains("10000 req/s per event loop with keep-alive, 2000 without"), text);
        assertTrue(text.contains("suspect t " + CLOSE.label() + ": 2900/s is 73%"), text);
        assertEquals(3 + 4, x.runsDone(), "the calibration's three runs count");
        assertEquals(2 + 3, x.runsPlanned(), "two cells and the calibration's three runs, the link given");
    }

    @Test
    void withoutACalibrationNothingIsFlagged() {
        ExperimentRecord x = finished(false, cell(KEEP, "a", 1e9));
        assertEquals(List.of(), x.suspects());
        assertSame(null, x.calibration());
    }
}
