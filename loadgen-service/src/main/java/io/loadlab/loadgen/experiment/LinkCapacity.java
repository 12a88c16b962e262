package io.loadlab.loadgen.experiment;

/**
 * The capacity cells of a target are judged against.
 *
 * @param measured true when measured before the cells, false when {@code linkMbps} was given
 * @param runId    the measuring run, null when {@code linkMbps} was given
 * @param method   how: {@code given}, the probe's method (iperf3's TCP bulk run, {@link LinkProbe#method()}), or
 *                 {@code download} (large answers: a lower bound, limited by the target and the loadgen too, headers
 *                 not counted)
 * @param note     why the download was used (the iperf port did not answer), null otherwise
 */
public record LinkCapacity(String target, double mbps, boolean measured, String runId, String method, String note) {

    public static final String GIVEN = "given";
    public static final String DOWNLOAD = "download";

    /** A capacity given in the spec. */
    public static LinkCapacity given(String target, double mbps) {
        return new LinkCapacity(target, mbps, false, null, GIVEN, null);
    }

    public double bytesPerSecond() {
        return mbps * 1e6 / 8;
    }
}
