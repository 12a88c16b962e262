package io.loadlab.loadgen.engine;

import java.time.Duration;

/**
 * When a run warms up, measures and ends, in nanoseconds on the run's {@link NanoClock}.
 * The warm-up is {@code [startNanos, measureStartNanos)}, the measured part {@code [measureStartNanos, endNanos)}.
 */
public record RunTimeline(long startNanos, long measureStartNanos, long endNanos) {

    public RunTimeline {
        if (measureStartNanos < startNanos || endNanos <= measureStartNanos) {
            throw new IllegalArgumentException("timeline must run start <= measure start < end");
        }
    }

    /** A timeline starting now: the warm-up (possibly zero) then the measured duration. */
    public static RunTimeline starting(long nowNanos, Duration warmup, Duration duration) {
        long measureStart = nowNanos + warmup.toNanos();
        return new RunTimeline(nowNanos, measureStart, measureStart + duration.toNanos());
    }

    public boolean warmingUp(long nowNanos) {
        return nowNanos < measureStartNanos;
    }

    public boolean over(long nowNanos) {
        return nowNanos >= endNanos;
    }

    /** Measured time elapsed at {@code nowNanos}: 0 while warming up, the full duration once over. */
    public long measuredNanos(long nowNanos) {
        return Math.max(0, Math.min(nowNanos, endNanos) - measureStartNanos);
    }
}
