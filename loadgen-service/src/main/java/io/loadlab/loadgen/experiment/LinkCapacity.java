package io.loadlab.loadgen.experiment;

/**
 * The capacity cells of a target are judged against.
 *
 * @param measured true when measured by downloading large answers before the cells: a lower bound, because
 *                 the download may itself be limited by the target or the loadgen, and TCP/IP headers are not counted
 * @param runId    the measuring run, null when {@code linkMbps} was given
 */
public record LinkCapacity(String target, double mbps, boolean measured, String runId) {

    public double bytesPerSecond() {
        return mbps * 1e6 / 8;
    }
}
