package io.loadlab.loadgen.report;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PercentileCurveTest {

    @Test
    void onePointPerLevelHdrHistogramIterates() {
        Histogram h = new Histogram(3);
        for (long v = 1; v <= 10_000; v++) {
            h.recordValue(v * 1_000); // 1 µs .. 10 ms
        }
        int levels = 0;
        for (HistogramIterationValue ignored : h.percentiles(PercentileCurve.TICKS_PER_HALF_DISTANCE)) {
            levels++;
        }
        List<PercentilePoint> curve = PercentileCurve.ofNanos(h);
        assertEquals(levels, curve.size());
        assertEquals(100.0, curve.get(curve.size() - 1).percentile());
        assertEquals(10_000, curve.get(curve.size() - 1).countAtOrBelow());
        assertEquals(10_000.0, curve.get(curve.size() - 1).inverseTail(), "p = 100 is capped at the count");
        for (int i = 1; i < curve.size(); i++) {
            assertTrue(curve.get(i).inverseTail() >= curve.get(i - 1).inverseTail(), "x never goes back");
            assertTrue(curve.get(i).valueMicros() >= curve.get(i - 1).valueMicros(), "values never go down");
        }
        assertEquals(h.highestEquivalentValue(h.getValueAtPercentile(50)) / 1000.0,
                curve.stream().filter(p -> p.percentile() == 50.0).findFirst().orElseThrow().valueMicros());
    }

    @Test
    void anEmptyHistogramHasNoCurve() {
        assertEquals(List.of(), PercentileCurve.ofNanos(new Histogram(3)));
    }
}
