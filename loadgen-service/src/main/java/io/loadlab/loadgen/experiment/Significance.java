package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.stats.Interval;

/** What a comparison of two figures' intervals may claim, in the words reports print. */
public final class Significance {

    public static final String SIGNIFICANT = "significant";
    /** The intervals overlap: the noise alone could explain the difference between the medians. */
    public static final String NOT_SIGNIFICANT = "not significant";
    /** One side rests on a single run: there is no spread to judge the difference by. */
    public static final String UNKNOWN = "unknown (1 repeat)";

    private Significance() {
    }

    public static String of(Interval a, Interval b) {
        if (a.samples() < 2 || b.samples() < 2) {
            return UNKNOWN;
        }
        return a.overlaps(b) ? NOT_SIGNIFICANT : SIGNIFICANT;
    }
}
