package io.loadlab.loadgen.engine;

/**
 * Requests at a fixed rate. Each time is computed from the start and the request's index rather
 * than by adding a period, so rounding never accumulates into drift over a long run.
 */
final class ConstantRateSchedule implements RateSchedule {

    private static final double NANOS_PER_SECOND = 1e9;

    private final long startNanos;
    private final double periodNanos;
    private long index;

    ConstantRateSchedule(long startNanos, double perSecond) {
        if (!(perSecond > 0) || !Double.isFinite(perSecond)) {
            throw new IllegalArgumentException("rate must be positive and finite, was " + perSecond);
        }
        this.startNanos = startNanos;
        this.periodNanos = NANOS_PER_SECOND / perSecond;
    }

    @Override
    public long next() {
        return startNanos + Math.round(index++ * periodNanos);
    }
}
