package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * The capacity cells of a target are judged against.
 *
 * @param mbps     megabits per second; null with method {@code none}: nothing could estimate it
 * @param measured true when measured before the cells, false when {@code linkMbps} was given or nothing measured it
 * @param runId    the measuring run, null when {@code linkMbps} was given
 * @param method   how: {@code given}, the probe's method (iperf3's TCP bulk run, {@link LinkProbe#method()}),
 *                 {@code download} (large answers, or the target's {@code download} URL: a lower bound, limited by the
 *                 target and the loadgen too, headers not counted), or {@code none}
 * @param note     why the method was the one used (the iperf port did not answer), or why there is none; null otherwise
 */
public record LinkCapacity(String target, Double mbps, boolean measured, String runId, String method, String note) {

    public static final String GIVEN = "given";
    public static final String DOWNLOAD = "download";
    /** No capacity known: the cells' {@code linkUtilisation} is unmeasured, {@code note} says why. */
    public static final String NONE = "none";

    /** A capacity given in the spec. */
    public static LinkCapacity given(String target, double mbps) {
        return new LinkCapacity(target, mbps, false, null, GIVEN, null);
    }

    /** No capacity: {@code why} says what was tried. */
    public static LinkCapacity none(String target, String why) {
        return new LinkCapacity(target, null, false, null, NONE, why);
    }

    /** True when a capacity is known. */
    @JsonIgnore
    public boolean known() {
        return mbps != null && mbps > 0;
    }

    /** The capacity in bytes per second; only when {@link #known()}. */
    public double bytesPerSecond() {
        return mbps * 1e6 / 8;
    }
}
