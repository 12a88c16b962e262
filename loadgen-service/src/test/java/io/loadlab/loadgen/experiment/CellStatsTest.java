package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.stats.Bootstrap;
import io.loadlab.loadgen.stats.Interval;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static io.loadlab.loadgen.experiment.ScalingTest.cell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CellStatsTest {

    @Test
    void eachCellKeepsEveryCompletedRepeatAndGivesMediansWithIntervals() {
        List<CellResult> runs = List.of(
                cell("a", 1, "v", 100, 2.0, "completed"), cell("b", 2, "v", 500, 9.0, "completed"),
                cell("a", 1, "v", 120, 3.0, "completed"), cell("b", 2, "v", 1, 1.0, "failed"),
                cell("a", 1, "v", 110, 5.0, "completed"), cell("b", 2, "v", 520, 8.0, "completed"));
        List<CellStats> stats = CellStats.of(runs, Bootstrap.standard(), new SplittableRandom(1));
        assertEquals(2, stats.size());
        CellStats a = stats.get(0);
        assertEquals("a", a.target());
        assertEquals(3, a.repeats());
        assertEquals(List.of("run-a-100.0", "run-a-120.0", "run-a-110.0"), a.runs(), "every repeat's run, in run order");
        assertEquals(110, a.requestsPerSecond().median());
        assertEquals(3.0, a.p99Millis().median());
        assertTrue(a.requestsPerSecond().low() >= 100 && a.requestsPerSecond().high() <= 120, a.toString());
        CellStats b = stats.get(1);
        assertEquals(2, b.repeats(), "the failed repeat is left out of the figures");
        assertEquals(510, b.requestsPerSecond().median());
        assertEquals(Significance.SIGNIFICANT, b.differenceFrom(a));
    }

    @Test
    void oneRepeatHasNoSpreadAndItsDifferencesAreUnknown() {
        List<CellStats> stats = CellStats.of(List.of(cell("a", 1, "v", 100, 2.0, "completed"),
                cell("b", 2, "v", 300, 2.0, "completed")), Bootstrap.standard(), new SplittableRandom(1));
        assertEquals(Interval.single(100), stats.get(0).requestsPerSecond());
        assertEquals(Significance.UNKNOWN, stats.get(1).differenceFrom(stats.get(0)));
    }
}
