package io.loadlab.loadgen.engine;

import java.util.Objects;

/**
 * One closed interval of a run's {@link IntervalSeries}: nominally the second
 * {@code [index, index + 1)} after the run's start, really {@code [startNanos, endNanos)} after it (the
 * ticker closes an interval when its timer fires, a little after the boundary; a stalled ticker closes
 * one longer interval and the next index follows the time). Intervals of one run never overlap and
 * leave no gap, so every request is in exactly one of them.
 *
 * @param index      the second after the run's start this interval ends in, minus one; strictly increasing
 * @param startNanos start, nanoseconds after the run's start
 * @param endNanos   end, nanoseconds after the run's start
 * @param warmup     what the warm-up's requests did in it
 * @param measured   what the measured part's requests did in it
 */
public record IntervalSample(long index, long startNanos, long endNanos, PhaseInterval warmup, PhaseInterval measured) {

    public IntervalSample {
        if (index < 0) {
            throw new IllegalArgumentException("index must not be negative, was " + index);
        }
        if (endNanos < startNanos) {
            throw new IllegalArgumentException("endNanos " + endNanos + " before startNanos " + startNanos);
        }
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(measured, "measured");
    }
}
