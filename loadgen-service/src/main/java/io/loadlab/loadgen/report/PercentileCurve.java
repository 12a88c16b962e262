package io.loadlab.loadgen.report;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.ArrayList;
import java.util.List;

/**
 * A histogram's percentile distribution, one point per level that {@code AbstractHistogram.percentiles(ticks)}
 * iterates: the levels {@code HistogramLogProcessor} and HdrHistogram's plotter print, halving the remaining
 * tail {@code ticks} times per step.
 */
public final class PercentileCurve {

    /** HdrHistogram's own default for its percentile output. */
    public static final int TICKS_PER_HALF_DISTANCE = 5;
    private static final double NANOS_PER_MICRO = 1_000.0;

    private PercentileCurve() {
    }

    /** The points of a histogram of nanoseconds; empty when it recorded nothing. */
    public static List<PercentilePoint> ofNanos(AbstractHistogram h) {
        List<PercentilePoint> out = new ArrayList<>();
        long total = h.getTotalCount();
        if (total == 0) {
            return out;
        }
        for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF_DISTANCE)) {
            double p = v.getPercentileLevelIteratedTo();
            double tail = 1.0 - p / 100.0;
            double x = tail <= 0 ? total : Math.min(total, 1.0 / tail);
            out.add(new PercentilePoint(p, x, h.highestEquivalentValue(v.getValueIteratedTo()) / NANOS_PER_MICRO,
                    v.getTotalCountToThisValue()));
        }
        return out;
    }
}
