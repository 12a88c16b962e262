package io.loadlab.loadgen.gate;

import io.loadlab.loadgen.stats.Interval;

/**
 * A figure a baseline comparison judges, and which way is better: the two every experiment cell has an interval for
 * over its repeats ({@code stats}).
 */
public enum BaselineFigure {
    /** Higher is better: fewer requests per second regressed. */
    REQUESTS_PER_SECOND("requestsPerSecond", true),
    /** Lower is better: a higher p99 regressed. */
    P99_MILLIS("p99Millis", false);

    private final String figure;
    private final boolean higherIsBetter;

    BaselineFigure(String figure, boolean higherIsBetter) {
        this.figure = figure;
        this.higherIsBetter = higherIsBetter;
    }

    /** The name reports, thresholds and the JSON use. */
    public String figure() {
        return figure;
    }

    /** Whether {@code current} is worse than {@code baseline} beyond both intervals (they do not overlap). */
    boolean worse(Interval baseline, Interval current) {
        return higherIsBetter ? current.high() < baseline.low() : current.low() > baseline.high();
    }
}
