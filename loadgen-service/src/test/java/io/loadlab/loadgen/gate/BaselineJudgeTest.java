package io.loadlab.loadgen.gate;

import io.loadlab.loadgen.stats.Interval;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each figure's words from two intervals, which way is better per figure, and never a guess below 3 repeats. */
class BaselineJudgeTest {

    static CellIntervals cell(String name, Interval rps, Interval p99) {
        return new CellIntervals(name, Map.of(BaselineFigure.REQUESTS_PER_SECOND, rps, BaselineFigure.P99_MILLIS, p99));
    }

    static Interval i(double low, double high, int samples) {
        return new Interval((low + high) / 2, low, high, samples);
    }

    static Change change(BaselineComparison c, String cell, String figure) {
        return c.figures().stream().filter(f -> f.cell().equals(cell) && f.figure().equals(figure)).findFirst()
                .orElseThrow().change();
    }

    @Test
    void overlappingIsNoChangeDisjointIsRegressedOrImprovedByTheFiguresDirection() {
        BaselineComparison c = BaselineJudge.compare("b", List.of(cell("t/v", i(70_000, 76_000, 5), i(1.0, 1.4, 5))),
                List.of(cell("t/v", i(40_000, 45_000, 5), i(1.3, 1.6, 5))));
        assertEquals(Change.REGRESSED, change(c, "t/v", "requestsPerSecond"), "fewer req/s, disjoint: regressed");
        assertEquals(Change.NO_SIGNIFICANT_CHANGE, change(c, "t/v", "p99Millis"), "1.3 <= 1.4: the intervals overlap");
        assertTrue(c.regressed());
        BaselineComparison d = BaselineJudge.compare("b", List.of(cell("t/v", i(70_000, 76_000, 5), i(21, 23, 5))),
                List.of(cell("t/v", i(80_000, 81_000, 5), i(1.0, 1.4, 5))));
        assertEquals(Change.IMPROVED, change(d, "t/v", "requestsPerSecond"));
        assertEquals(Change.IMPROVED, change(d, "t/v", "p99Millis"), "a lower p99 is better");
        assertFalse(d.regressed());
        BaselineComparison e = BaselineJudge.compare("b", List.of(cell("t/v", i(70_000, 76_000, 5), i(1.0, 1.4, 5))),
                List.of(cell("t/v", i(70_000, 76_000, 5), i(21, 23, 5))));
        assertEquals(Change.REGRESSED, change(e, "t/v", "p99Millis"), "a higher p99 regressed");
    }

    @Test
    void fewerThanThreeRepeatsOrAMissingCellCannotTellAndSaysWhy() {
        BaselineComparison c = BaselineJudge.compare("b",
                List.of(cell("t/one", Interval.single(70_000), Interval.single(1)), cell("t/gone", i(1, 2, 3), i(1, 2, 3))),
                List.of(cell("t/one", i(1, 2, 5), i(30, 40, 5)), cell("t/new", i(1, 2, 3), i(1, 2, 3)),
                        cell("t/two", i(1, 2, 2), i(1, 2, 2))));
        List<String> whys = c.figures().stream().filter(f -> f.figure().equals("p99Millis"))
                .map(f -> f.cell() + ": " + f.why()).toList();
        assertEquals(List.of("t/one: the baseline has 1 repeat; both sides need 3",
                "t/new: the baseline has no completed run of this cell",
                "t/two: the baseline has no completed run of this cell",
                "t/gone: this one has no completed run of this cell"), whys, "this one's cells first, then the baseline's");
        assertTrue(c.figures().stream().allMatch(f -> f.change() == Change.CANNOT_TELL), c.toString());
        assertFalse(c.regressed(), "1.0 ms against 30..40 ms is not called a regression on one baseline repeat");
        BaselineComparison d = BaselineJudge.compare("b", List.of(cell("t/v", i(1, 2, 5), i(1, 2, 5))),
                List.of(cell("t/v", i(1, 2, 2), i(1, 2, 2))));
        assertEquals("this one has 2 repeats; both sides need 3", d.figures().get(0).why());
    }

    @Test
    void aRunIsOneMeasurement() {
        BaselineComparison c = BaselineJudge.ofOneRun("b", "run");
        assertEquals(List.of("requestsPerSecond", "p99Millis"), c.figures().stream().map(FigureChange::figure).toList());
        assertTrue(c.figures().stream().allMatch(f -> f.change() == Change.CANNOT_TELL && BaselineJudge.ONE_RUN.equals(f.why())));
    }
}
