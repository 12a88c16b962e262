package io.loadlab.loadgen.experiment;

import java.time.Duration;

/**
 * How long a search probe at a rate must run for its p99 to rest on at least {@link #MIN_SAMPLES} requests: a
 * p99 of fewer is the 10th-worst of under a thousand, one stall away from another figure. At least the experiment's
 * duration, at most {@code maximum}; when the maximum is too short for the rate, {@code enough} is false and the
 * result says so.
 *
 * @param expectedSamples requests the open-model schedule will send in the measured part
 */
public record ProbeDuration(Duration duration, long expectedSamples, boolean enough) {

    public static final int MIN_SAMPLES = 1000;

    /**
     * @param threads the schedule may send one request fewer than rate x duration per thread (README), so that
     *                many more are asked for
     */
    public static ProbeDuration of(double rate, int threads, Duration minimum, Duration maximum) {
        if (!(rate > 0) || threads < 1 || minimum.compareTo(maximum) > 0) {
            throw new IllegalArgumentException("rate " + rate + ", threads " + threads + ", " + minimum + " to " + maximum);
        }
        long needMillis = (long) Math.ceil((MIN_SAMPLES + threads) / rate * 1000);
        Duration d = Duration.ofMillis(Math.min(needMillis, maximum.toMillis()));
        d = d.compareTo(minimum) < 0 ? minimum : d;
        long expected = (long) Math.floor(rate * d.toNanos() / 1e9) - threads;
        return new ProbeDuration(d, Math.max(0, expected), expected >= MIN_SAMPLES);
    }
}
