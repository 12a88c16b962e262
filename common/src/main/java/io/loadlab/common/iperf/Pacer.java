package io.loadlab.common.iperf;

/**
 * iperf3's {@code -b}: a stream may send while its average rate since it started stays under the target
 * (iperf_check_throttle), so a stall is made up afterwards, as iperf3 does. 0 bits/s: never waits.
 */
public final class Pacer {

    private final long bitsPerSecond;
    private final long startNanos;

    public Pacer(long bitsPerSecond, long startNanos) {
        if (bitsPerSecond < 0) {
            throw new IllegalArgumentException("bitsPerSecond must be >= 0");
        }
        this.bitsPerSecond = bitsPerSecond;
        this.startNanos = startNanos;
    }

    /** Nanoseconds to wait before sending more, having sent {@code bytesSent} since the start; 0 to go now. */
    public long waitNanos(long bytesSent, long nowNanos) {
        if (bitsPerSecond == 0) {
            return 0;
        }
        double dueNanos = bytesSent * 8.0 * 1e9 / bitsPerSecond;
        long wait = (long) (dueNanos - (nowNanos - startNanos));
        return Math.max(0, wait);
    }
}
