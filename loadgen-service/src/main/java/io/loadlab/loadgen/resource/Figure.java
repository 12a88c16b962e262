package io.loadlab.loadgen.resource;

import java.util.Locale;

/**
 * The figures a source can give, as named in {@code resources.queries} and in the evidence's {@code unmeasured}.
 * Each is a rate or a level over the cell's measured part.
 */
public enum Figure {
    /** CPU used, in cores (CPU seconds per second). */
    CPU,
    /** The CPU limit (CFS quota / period), in cores; absent without a quota. */
    LIMIT,
    /** The share of CFS periods in which the quota ran out, 0..1. */
    THROTTLED,
    /** Time the target's threads waited in a run queue, in cores (seconds per second). */
    WAIT,
    /** Bytes the target sent, per second. */
    NETWORK;

    /** The figure named {@code json}, or null. */
    public static Figure of(String json) {
        for (Figure f : values()) {
            if (f.json().equals(json)) {
                return f;
            }
        }
        return null;
    }

    /** The JSON name: {@code cpu}, {@code limit}, {@code throttled}, {@code wait}, {@code network}. */
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
