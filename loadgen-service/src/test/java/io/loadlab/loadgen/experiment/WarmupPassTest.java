package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.RunState;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The warm-up pass: on by default from 3 repeats, planned in {@code runsPlanned}, kept apart from the cells, their
 * stats and the CSV, and told in one text line (issue 25: 28,810, 72,535 and 75,816 req/s over three repeats of a
 * freshly started target gave an interval blind to any regression).
 */
class WarmupPassTest {

    static ExperimentSpec spec(int targets, int variants, int repeats, Boolean warmupPass, SearchSpec search) {
        return new ExperimentSpec(null, ExperimentSpecMaxRunsTest.targets(targets),
                ExperimentSpecMaxRunsTest.variants(variants), Duration.ofSeconds(1), null, null, 100.0, search, repeats,
                null, null, null, null, null, warmupPass);
    }

    static CellResult row(String runId, double rps) {
        return new CellResult("t0", 1, "n=1 c=50", runId, "completed", rps, 1, 1, 2, 0, 0, 0, rps,
                new Verdicts(Thresholds.DEFAULTS).decide(Evidence.of(0.97, 0.8, 0.4, 0.02, null)));
    }

    @Test
    void onFromThreeRepeatsUnlessAskedAndNeverForASearch() {
        assertFalse(spec(1, 1, 2, null, null).warmsUpFirst(), "2 repeats: off");
        assertTrue(spec(1, 1, 3, null, null).warmsUpFirst(), "3 repeats: on");
        assertFalse(spec(1, 1, 5, false, null).warmsUpFirst(), "asked off");
        assertTrue(spec(1, 1, 1, true, null).warmsUpFirst(), "asked on with 1 repeat");
        assertFalse(spec(1, 1, 5, null, ExperimentSpecMaxRunsTest.SEARCH).warmsUpFirst(), "a search climbs its own way");
    }

    @Test
    void runsPlannedCountsOneRunPerCellMore() {
        assertEquals(2 * 3 * 5 + 2 * 3, spec(2, 3, 5, null, null).maxRuns(), "30 counted runs + 6 warm-up runs, link given");
        assertEquals(2 * 3 * 5, spec(2, 3, 5, false, null).maxRuns());
        assertEquals(2 * 3 * 30 * 5, spec(2, 3, 5, null, ExperimentSpecMaxRunsTest.SEARCH).maxRuns(), "a search: probes only");
    }

    @Test
    void aSearchAskedToWarmUpIsRefusedNamingTheField() {
        InvalidSpecException e = assertThrows(InvalidSpecException.class,
                () -> spec(1, 1, 3, true, ExperimentSpecMaxRunsTest.SEARCH));
        assertEquals(List.of("warmupPass"), e.violations().stream().map(v -> v.field()).toList());
    }

    @Test
    void warmUpRowsStayOutOfTheCellsTheStatsAndTheCsvAndAreToldInOneLine() {
        ExperimentRecord x = ExperimentRecord.started("x1", spec(1, 1, 3, null, null), ExperimentTableTest.T0)
                .withWarmupCell(row("w1", 28_810.4), 1)
                .withCell(row("r1", 72_535), 1).withCell(row("r2", 75_816), 1).withCell(row("r3", 74_000), 1)
                .finished(RunState.COMPLETED, ExperimentTableTest.T0.plusSeconds(5), null);
        assertEquals(4, x.runsDone(), "the warm-up run counts as done");
        assertEquals(4, x.runsPlanned());
        assertEquals(List.of("w1"), x.warmupPass().cells().stream().map(CellResult::runId).toList());
        assertEquals(3, x.cells().size());
        assertEquals(3, x.stats().get(0).repeats(), "the stats rest on the counted repeats only");
        assertEquals(72_535, x.stats().get(0).requestsPerSecond().low(), 1e-9, "the warm-up's 28,810 is not in the interval");
        String csv = ExperimentTable.csv(x);
        assertEquals(4, csv.split("\n").length, "header + 3 counted rows");
        assertFalse(csv.contains("w1"), csv);
        assertTrue(ExperimentTable.text(x).contains("  warm-up pass: 1 run discarded, 28,810 .. 28,810 req/s\n"),
                ExperimentTable.text(x));
    }

    @Test
    void summaryNamesTheRangeOfWhatWasDiscarded() {
        assertEquals("2 runs discarded, 28,810 .. 72,535 req/s",
                new WarmupPass(List.of(row("a", 72_535), row("b", 28_810))).summary());
        assertNull(ExperimentRecord.started("x2", spec(1, 1, 1, null, null), ExperimentTableTest.T0).warmupPass());
    }
}
