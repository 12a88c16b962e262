package io.loadlab.loadgen.engine;

/**
 * Requests at a fixed rate. Each time is computed from the start and the request's index rather
 * than by adding a period, so rounding never accumulates into drift over a long run. Overflow-safe
 * for every rate from {@link RateSchedule#MIN_PER_SECOND} up: a slot beyond {@link #MAX_OFFSET_NANOS}
 * from the start (about 146 years) saturates there instead of wrapping round to the past, where it
 * would be due at once (issue 10: a rate of 1e-300 made every slot due immediately).
 */
final class ConstantRateSchedule implements RateSchedule {

    /** Slots farther than this from the start are all placed at it: never reached by any run. */
    static final long MAX_OFFSET_NANOS = Long.MAX_VALUE / 2;
    /** The start must leave room for the largest offset: nanoTime on Linux is the uptime, far inside this. */
    static final long MAX_START_NANOS = Long.MAX_VALUE / 4;
    private static final double NANOS_PER_SECOND = 1e9;

    private final long startNanos;
    private final double periodNanos;
    private long index;

    ConstantRateSchedule(long startNanos, double perSecond) {
        if (!(perSecond >= MIN_PER_SECOND) || !Double.isFinite(perSecond)) {
            throw new IllegalArgumentException("rate must be finite and at least " + MIN_PER_SECOND + ", was " + perSecond);
        }
        if (Math.abs(startNanos) > MAX_START_NANOS) {
            throw new IllegalArgumentException("start out of range: " + startNanos);
        }
        this.startNanos = startNanos;
        this.periodNanos = NANOS_PER_SECOND / perSecond;
    }

    @Override
    public long next() {
        return timeOf(index++);
    }

    /**
     * The first index due at or after {@code nanos}, from the estimate {@code (nanos - start) / period} moved by the
     * rounding of {@link #timeOf} (a step or two at most); times are non-decreasing in the index.
     */
    @Override
    public long dueBefore(long nanos) {
        if (nanos <= startNanos) {
            return 0;
        }
        if (nanos - startNanos > MAX_OFFSET_NANOS) { // past where slots saturate: no run reaches it
            throw new IllegalArgumentException("beyond the schedule: " + nanos);
        }
        double estimate = Math.ceil((double) (nanos - startNanos) / periodNanos);
        long i = estimate >= Long.MAX_VALUE / 2 ? Long.MAX_VALUE / 2 : (long) estimate;
        while (i > 0 && timeOf(i - 1) >= nanos) {
            i--;
        }
        while (timeOf(i) < nanos) {
            i++;
        }
        return i;
    }

    /** The intended time of the {@code i}-th slot (from 0); non-decreasing in {@code i}, never overflowing. */
    long timeOf(long i) {
        double offset = i * periodNanos;
        return startNanos + (offset < MAX_OFFSET_NANOS ? Math.round(offset) : MAX_OFFSET_NANOS);
    }
}
