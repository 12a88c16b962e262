package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.Histograms;
import io.loadlab.loadgen.engine.PhaseInterval;
import io.loadlab.loadgen.report.HistogramCodec;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PhaseTotalsTest {

    private static PhaseInterval interval(long completed, Histogram latency, Histogram service) {
        return new PhaseInterval(Map.of(Counter.COMPLETED, completed), HistogramCodec.encode(latency),
                service == null ? null : HistogramCodec.encode(service), null);
    }

    @Test
    void addsCountsAndHistogramsKeepingServiceTimesOnlyWhereThereWereAny() {
        Histogram h = Histograms.newHistogram();
        h.recordValueWithCount(5_000, 3);
        PhaseTotals t = new PhaseTotals();
        t.add(interval(3, h, null));
        assertNull(t.serviceTime());
        t.add(interval(3, h, h));
        assertEquals(6, t.count(Counter.COMPLETED));
        assertEquals(6, t.latency().getTotalCount());
        assertEquals(3, t.serviceTime().getTotalCount());
    }

    @Test
    void anIntervalFromBeyondTheEnginesRangeIsRefusedWholeLeavingTheSumAsItWas() {
        Histogram ok = Histograms.newHistogram();
        ok.recordValue(1_000);
        Histogram wide = new Histogram(1, Long.MAX_VALUE / 4, 3);
        wide.recordValue(Histograms.HIGHEST_NANOS * 10);
        PhaseTotals t = new PhaseTotals();
        t.add(interval(1, ok, null));
        assertThrows(IllegalArgumentException.class, () -> t.add(interval(1, ok, wide)));
        assertThrows(IllegalArgumentException.class, () -> t.add(new PhaseInterval(Map.of(), "not base64!", null, null)));
        assertEquals(1, t.count(Counter.COMPLETED));
        assertEquals(1, t.latency().getTotalCount());
        assertNull(t.serviceTime());
    }

    @Test
    void sumsSaturateInsteadOfThrowingSoEveryReaderStillAnswers() {
        long huge = 9_223_372_036_854_775_000L; // issue 22: two of these threw ArithmeticException in every reader
        PhaseTotals t = new PhaseTotals();
        t.add(new PhaseInterval(Map.of(Counter.COMPLETED, huge, Counter.TIMEOUTS, huge), HistogramCodec.encode(
                Histograms.newHistogram()), null, null));
        PhaseTotals sum = new PhaseTotals();
        sum.add(t);
        sum.add(t);
        assertEquals(Long.MAX_VALUE, sum.count(Counter.COMPLETED));
        assertEquals(Long.MAX_VALUE, sum.errors());
        assertEquals(7, PhaseTotals.plus(3, 4));
    }
}
