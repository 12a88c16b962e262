package io.loadlab.loadgen.engine;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IntervalSeriesTest {

    private static IntervalSample sample(long index) {
        PhaseInterval empty = new PhaseInterval(Map.of(), "", null, null);
        return new IntervalSample(index, index, index + 1, empty, empty);
    }

    @Test
    void keepsTheNewestWithinItsCapacityAndCountsWhatItDropped() {
        IntervalSeries series = new IntervalSeries(3);
        for (long i = 0; i < 5; i++) {
            series.append(sample(i), i == 4);
        }
        assertEquals(3, series.all().size());
        assertEquals(2, series.all().get(0).index());
        assertEquals(2, series.dropped());
        assertTrue(series.finished());
    }

    @Test
    void sinceReturnsTheIntervalsFromAnIndexOn() {
        IntervalSeries series = new IntervalSeries(10);
        series.append(sample(0), false);
        series.append(sample(2), false);
        series.append(sample(3), false);
        assertEquals(2, series.since(1).size());
        assertEquals(2, series.since(1).get(0).index());
        assertEquals(0, series.since(4).size());
        assertFalse(series.finished());
    }

    @Test
    void refusesAnIndexThatDoesNotIncrease() {
        IntervalSeries series = new IntervalSeries(10);
        series.append(sample(1), false);
        assertThrows(IllegalArgumentException.class, () -> series.append(sample(1), false));
    }

    @Test
    void aPhaseIntervalHasEveryCounterAndRefusesNegativeOnes() {
        PhaseInterval p = new PhaseInterval(Map.of(Counter.SENT, 4L), "", null, null);
        assertEquals(4, p.count(Counter.SENT));
        assertEquals(0, p.count(Counter.TIMEOUTS));
        assertThrows(IllegalArgumentException.class, () -> new PhaseInterval(Map.of(Counter.SENT, -1L), "", null, null));
    }
}
