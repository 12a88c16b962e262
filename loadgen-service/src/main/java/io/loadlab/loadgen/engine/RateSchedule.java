package io.loadlab.loadgen.engine;

/**
 * The open model's intended send times (wrk2 -R, Hyperfoil's {@code FireTimeSequence}). Latency is
 * measured from these times, not from the actual send, so a stalled target cannot hide its stall by
 * slowing the generator down (coordinated omission). Not thread-safe: one per event loop.
 */
public interface RateSchedule {

    /**
     * The lowest open-model rate accepted: one request every 10 s. Slower is no load, only a probe a run
     * of at most {@code loadgen.limits.max-duration} (1 h) would fire 360 times; and it keeps the period
     * (1e10 ns) far from where slot arithmetic could overflow (the schedule saturates anyway).
     */
    double MIN_PER_SECOND = 0.1;

    /** The intended send time of the next request, in nanoseconds on the run's {@link NanoClock}; each call advances. */
    long next();

    /**
     * How many requests of the whole schedule (from its first, whatever {@link #next()} has reached) are due strictly
     * before {@code nanos}: the open model's intended count of a part of the run is the difference at its two ends.
     */
    long dueBefore(long nanos);

    /**
     * A constant rate: the i-th request (from 0) is due at {@code startNanos + i / perSecond} seconds.
     *
     * @throws IllegalArgumentException unless {@code perSecond} is finite and at least {@link #MIN_PER_SECOND}
     */
    static RateSchedule constant(long startNanos, double perSecond) {
        return new ConstantRateSchedule(startNanos, perSecond);
    }
}
