package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.Histograms;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.PhaseInterval;
import io.loadlab.loadgen.report.HistogramCodec;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A part's counts against its own histograms and schedule (issue 42: a proxy multiplying one agent's counters by 10
 * made 5,500 requests of a merged histogram of 800).
 */
class PartTallyTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void anHonestPartWhoseAnswersCrossAnIntervalBoundaryPasses() {
        PartTally tally = new PartTally(15);
        // 3 answers counted in interval 0 are timed in interval 1 (counters read after the histograms' drain)
        assertNull(tally.add(interval(0, 15, 15, 12)));
        assertNull(tally.add(interval(1, 15, 15, 18)));
        assertNull(tally.add(interval(2, 15, 15, 15)));
        assertNull(tally.endProblem());
    }

    @Test
    void countsInflatedTenfoldAreRefusedAtTheNextIntervalNamingTheFigure() {
        PartTally tally = new PartTally(0); // a closed model: the histograms alone catch it
        assertNull(tally.add(interval(0, 150, 150, 15)), "one interval alone cannot tell");
        String problem = tally.add(interval(1, 150, 150, 15));
        assertNotNull(problem);
        assertTrue(problem.contains("COMPLETED 150") && problem.contains("hold 30"), problem);
    }

    @Test
    void aLastIntervalWhoseCountsExceedItsHistogramsIsRefused() {
        PartTally tally = new PartTally(0);
        assertNull(tally.add(interval(0, 20, 20, 15)));
        String problem = tally.endProblem();
        assertNotNull(problem);
        assertTrue(problem.contains("COMPLETED 20") && problem.contains("hold 15"), problem);
    }

    @Test
    void moreTimedThanCountedIsRefused() {
        String problem = new PartTally(0).add(interval(0, 10, 10, 11));
        assertNotNull(problem);
        assertTrue(problem.contains("hold 11") && problem.contains("COMPLETED counts 10"), problem);
    }

    @Test
    void sendsBeyondTheOpenModelsScheduleAreRefused() {
        // 15/s: by 1 s at most 15 x (1 + 1) + 100 = 130 sent
        assertNull(new PartTally(15).add(interval(0, 130, 0, 0)));
        String problem = new PartTally(15).add(interval(0, 131, 0, 0));
        assertNotNull(problem);
        assertTrue(problem.contains("SENT 131") && problem.contains("at most 130"), problem);
        assertNull(new PartTally(0).add(interval(0, 1_000_000, 0, 0)), "a closed model has no schedule");
    }

    /** Interval {@code index}, one second long, measured part only, its histogram holding {@code timed} values. */
    private static IntervalSample interval(long index, long sent, long completed, long timed) {
        Histogram h = Histograms.newHistogram();
        if (timed > 0) {
            h.recordValueWithCount(1_000_000, timed);
        }
        String empty = HistogramCodec.encode(Histograms.newHistogram());
        return new IntervalSample(index, index * SECOND, (index + 1) * SECOND, new PhaseInterval(Map.of(), empty, null, null),
                new PhaseInterval(Map.of(Counter.SENT, sent, Counter.COMPLETED, completed), HistogramCodec.encode(h),
                        null, null));
    }
}
