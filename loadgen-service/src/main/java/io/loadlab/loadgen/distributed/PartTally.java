package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.Histograms;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.PhaseInterval;
import io.loadlab.loadgen.report.HistogramCodec;

import java.util.Locale;

/**
 * One agent's part's counts so far, each interval cross-checked against two witnesses before it is kept (issue 42):
 * a proxy multiplying one agent's interval counters by 10 made the controller report 5,500 requests where its own
 * merged histogram held 800 and the target counted 1,000, and {@code requestsPerSecond >= 1000} passed.
 * {@link IntervalBounds} bounds one interval by a rate no agent reaches; this bounds a part by what it did.
 * <ul>
 * <li>Its latency histograms. The event loop that counts an answer ({@link Counter#COMPLETED}) times it next; an
 *     interval is cut by draining the histograms first and reading the counters after ({@code RunStats}), so an
 *     answer counted in interval i has its latency in i or i + 1, never later. Summed from the part's first
 *     interval, per phase: {@code timed(..i) <= completed(..i) <= timed(..i+1)}, and equal once the last interval
 *     is in (closed after the loops stopped). Counts alone inflated break the first interval after.</li>
 * <li>Its schedule, in the open model: the part's event loops send the i-th request of each at
 *     {@code i / (rate / loops)} s, so by the end of an interval at t s no more than {@code rate x t} plus one
 *     per loop went out. {@link #SCHEDULE_SLACK_SECONDS} more seconds' worth covers the counters being read a little
 *     after the interval's end; {@link #SCHEDULE_SLACK_REQUESTS} the one-per-loop. A closed model has no rate,
 *     so its sends have no bound here but the histograms.</li>
 * </ul>
 * Not thread-safe: its tracker's.
 */
public final class PartTally {

    /** One second's worth of the schedule past an interval's end. */
    static final double SCHEDULE_SLACK_SECONDS = 1;
    /** One due request per event loop, whatever the part's threads (loadgen.limits.max-threads, 64) and a margin. */
    static final long SCHEDULE_SLACK_REQUESTS = 100;
    private static final double NANOS_PER_SECOND = 1e9;
    private static final String[] PHASES = {"warm-up", "measured"};

    private final double rate;
    /** Per phase (warm-up, measured), summed over the intervals kept. */
    private final long[] completed = new long[2];
    private final long[] timed = new long[2];
    private long sent;

    /** @param rate the part's open-model rate, requests a second; 0 for a closed model or a flat-out part */
    public PartTally(double rate) {
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be finite and >= 0, was " + rate);
        }
        this.rate = rate;
    }

    /**
     * Adds {@code s} when its counts agree with its histograms and the part's schedule, and says why they do not
     * otherwise (adding nothing), naming the figure. {@code s} has passed {@link IntervalBounds}: no sum overflows.
     *
     * @throws IllegalArgumentException when a histogram is not an encoding of the engine's
     */
    public String add(IntervalSample s) {
        PhaseInterval[] phases = {s.warmup(), s.measured()};
        long[] completedNow = new long[2];
        long[] timedNow = new long[2];
        for (int p = 0; p < 2; p++) {
            completedNow[p] = completed[p] + phases[p].count(Counter.COMPLETED);
            timedNow[p] = timed[p] + timedIn(phases[p]);
            if (completed[p] > timedNow[p]) {
                return "interval " + s.index() + ": " + PHASES[p] + " COMPLETED " + completed[p]
                        + " up to the interval before, but its latency histograms up to this one hold "
                        + timedNow[p] + " (every answer counted is timed by the next interval)";
            }
            if (timedNow[p] > completedNow[p]) {
                return "interval " + s.index() + ": " + PHASES[p] + " latency histograms hold " + timedNow[p]
                        + " answers up to it, but COMPLETED counts " + completedNow[p];
            }
        }
        long sentNow = sent + s.warmup().count(Counter.SENT) + s.measured().count(Counter.SENT);
        double seconds = s.endNanos() / NANOS_PER_SECOND;
        long allowed = allowedSent(seconds);
        if (rate > 0 && sentNow > allowed) {
            return "interval " + s.index() + ": SENT " + sentNow + " by " + String.format(Locale.ROOT, "%.3f", seconds)
                    + " s, beyond the part's schedule of " + rate + " a second (at most " + allowed + ")";
        }
        System.arraycopy(completedNow, 0, completed, 0, 2);
        System.arraycopy(timedNow, 0, timed, 0, 2);
        sent = sentNow;
        return null;
    }

    /** Once the last interval is in: why the part's counts and histograms differ, or null when they agree. */
    public String endProblem() {
        for (int p = 0; p < 2; p++) {
            if (completed[p] != timed[p]) {
                return PHASES[p] + " COMPLETED " + completed[p] + " over the whole part, but its latency histograms hold "
                        + timed[p];
            }
        }
        return null;
    }

    /** The most requests the schedule lets go out by {@code seconds} after the part's start. */
    private long allowedSent(double seconds) {
        double allowed = rate * (Math.max(0, seconds) + SCHEDULE_SLACK_SECONDS) + SCHEDULE_SLACK_REQUESTS;
        return allowed >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) Math.ceil(allowed);
    }

    private static long timedIn(PhaseInterval phase) {
        return HistogramCodec.decodeBounded(phase.latency(), Histograms.HIGHEST_NANOS, Histograms.SIGNIFICANT_DIGITS)
                .getTotalCount();
    }
}
