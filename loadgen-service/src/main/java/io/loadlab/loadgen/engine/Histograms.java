package io.loadlab.loadgen.engine;

import org.HdrHistogram.Histogram;

import java.util.concurrent.TimeUnit;

/**
 * The one histogram shape every latency uses: nanoseconds, 3 significant digits, up to an hour.
 * An hour rather than the usual minute because corrected latencies of a stalled open-model run
 * grow with the run, not with the timeout; values above are clamped, never dropped, so counts stay
 * exact. Memory is fixed (about 270 KiB per histogram) whatever the run length.
 */
public final class Histograms {

    public static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);
    public static final int SIGNIFICANT_DIGITS = 3;

    private Histograms() {
    }

    public static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
    }

    /** The value to record for {@code nanos}: negative clock steps become 0, overlong values the highest. */
    static long clamp(long nanos) {
        return Math.max(0, Math.min(nanos, HIGHEST_NANOS));
    }
}
