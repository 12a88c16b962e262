package io.loadlab.loadgen.run;

import io.loadlab.loadgen.report.Disturbance;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Where the generator counts as disturbed during a measured part ({@code loadgen.generator.max-loop-lag},
 * {@code loadgen.generator.max-gc-share}). Past either, the report says so with the figures: its latencies then hold the
 * generator's own stalls as well as the target's answers.
 *
 * @param maxLoopLag an event loop's timer may run this late; a longer stall is flagged
 * @param maxGcShare garbage-collection pauses may take this share (0..1) of the measured part
 */
public record DisturbanceLimits(Duration maxLoopLag, double maxGcShare) {

    /**
     * 10 ms and 1%. A 10 ms stall holds back every request due in it (20 at 2,000/s) and is of the order of an
     * undisturbed loopback p99 (15.9 ms in issue 22's run), so it can move a p99 by itself; pauses over 1% of the
     * measured part can delay more than the 1% of requests a p99 rests on.
     */
    public static final DisturbanceLimits DEFAULT = new DisturbanceLimits(Duration.ofMillis(10), 0.01);

    public DisturbanceLimits {
        Objects.requireNonNull(maxLoopLag, "maxLoopLag");
        if (maxLoopLag.isNegative() || !(maxGcShare >= 0 && maxGcShare <= 1)) {
            throw new IllegalArgumentException("max-loop-lag must not be negative and max-gc-share must be 0..1, were "
                    + maxLoopLag + " and " + maxGcShare);
        }
    }

    /**
     * The disturbance to report, or null when both figures are within the limits.
     *
     * @param maxLagNanos   the longest any loop's timer ran late in the measured part
     * @param gcMillis      collection pauses during the measured part
     * @param measuredNanos the measured part's length
     */
    public Disturbance judge(long maxLagNanos, long gcMillis, long measuredNanos) {
        double share = measuredNanos <= 0 ? 0 : Math.min(1, gcMillis * 1e6 / measuredNanos);
        boolean lagged = maxLagNanos > maxLoopLag.toNanos();
        boolean collected = share > maxGcShare;
        if (!lagged && !collected) {
            return null;
        }
        String reason = "the load generator was held up while it measured: "
                + (lagged ? String.format(Locale.ROOT, "an event loop ran %.1f ms late (loadgen.generator.max-loop-lag %d ms)",
                        maxLagNanos / 1e6, maxLoopLag.toMillis()) : "")
                + (lagged && collected ? "; " : "")
                + (collected ? String.format(Locale.ROOT, "GC pauses took %d ms, %.1f%% of the measured part"
                        + " (loadgen.generator.max-gc-share %.1f%%)", gcMillis, 100 * share, 100 * maxGcShare) : "")
                + "; its latencies hold the generator's own delays";
        return new Disturbance(Math.round(maxLagNanos / 1e1) / 1e2, gcMillis, share, reason);
    }
}
