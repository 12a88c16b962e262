package io.loadlab.loadgen.page;

import io.loadlab.loadgen.experiment.ExperimentRecord;
import io.loadlab.loadgen.experiment.Significance;
import io.loadlab.loadgen.gate.GateResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The experiment page's rows from the contract's records: the verdict, the repeats and the baseline in words. */
class ExperimentPageViewTest {

    @Test
    void aFailedGateShowsEachThresholdInItsUnitAndAMissingFigureAsADashNeverZero() {
        GateView gate = GateView.of(PageRecords.failedGate());
        assertEquals("FAILED", gate.word());
        assertEquals("errors < 10", gate.abortedBy());
        assertEquals("p99Millis < 50: 73.2", gate.reason());
        assertTrue(gate.scoped());
        assertEquals(List.of("p99Millis < 50 (50 ms) 73.2 ms fail 73.2",
                        "requestsPerSecond >= 20000 (20,000 req/s) 137,777 req/s pass 137777.3",
                        "errorRate < 0.001 (0.10 %) — fail "),
                gate.thresholds().stream().map(t -> t.name() + " " + t.limit() + " " + t.shown() + " " + t.outcome() + " " + t.actual()).toList());
        assertEquals("PASSED", GateView.of(new GateResult(true, List.of(), null, null)).word());
        assertNull(GateView.of(null), "no gate asked, no banner");
        assertEquals("== 1", GateView.Row.limit("trustworthy", "== 1"), "the same number twice says nothing");
        assertEquals("< 7 (7 B)", GateView.Row.limit("messageSize", "< 7"));
        assertEquals("about 5", GateView.Row.limit("p99Millis", "about 5"), "not ours to parse: as written");
    }

    @Test
    void eachCellsRepeatsShowTheirIntervalAndTheReportsSignificanceWords() {
        ExperimentRecord x = PageRecords.experiment();
        List<RepeatRow> rows = RepeatRow.of(x);
        assertEquals(2, rows.size());
        RepeatRow small = rows.get(0);
        assertEquals(3, small.repeats());
        assertEquals(x.stats().get(0).requestsPerSecond().median(), small.requestsPerSecond(), 0.0);
        assertEquals(Figure.interval("requestsPerSecond", x.stats().get(0).requestsPerSecond()), small.rate());
        assertTrue(small.rate().matches("137,\\d{3} req/s \\[137,\\d{3} req/s – 137,\\d{3} req/s]"), small.rate());
        assertTrue(small.p99().matches("1\\.6\\d ms \\[1\\.6\\d ms – 1\\.6\\d ms]"), small.p99());
        assertNull(small.vsFirstVariant(), "the first variant is what the others compare with");
        assertEquals(Significance.SIGNIFICANT, rows.get(1).vsFirstVariant(), "137k against 20k req/s");
        assertEquals(PageRecords.SMALL.label(), rows.get(1).firstVariant());
        assertNull(rows.get(1).vsSmallest(), "one target: each cell is its own smallest node");
        assertTrue(ExperimentPageView.of(x, null, "{}").repeated());
    }

    @Test
    void theBaselineComparisonIsInItsOwnWordsWithBothIntervalsAndWhyItCannotTell() {
        List<ChangeRow> rows = ChangeRow.of(PageRecords.experiment().comparison());
        assertEquals(List.of(
                new ChangeRow("local/" + PageRecords.SMALL.label(), "requestsPerSecond",
                        "150,000 req/s [149,000 req/s – 151,000 req/s]", "137,777 req/s [137,500 req/s – 137,900 req/s]",
                        "regressed", null),
                new ChangeRow("local/" + PageRecords.LARGE.label(), "p99Millis", "9.40 ms [9.40 ms – 9.40 ms]",
                        "9.50 ms [9.40 ms – 9.60 ms]", "cannot tell", "the baseline has 1 repeat; both sides need 3")), rows);
        assertEquals("change-cannot-tell", rows.get(1).css());
        assertEquals(List.of(), ChangeRow.of((io.loadlab.loadgen.gate.BaselineComparison) null));
    }
}
