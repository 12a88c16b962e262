package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.PhaseInterval;

/**
 * What an agent may plausibly report for its part, checked before anything it sent is added: one interval with
 * counts of 9.2e18 made every sum overflow and wedged the controller, {@code GET /runs} and {@code /q/metrics}
 * (issue 22). An interval lies within the part's run plus the controller's overrun, after the one before it, and no
 * counter exceeds a fixed per-second ceiling times the interval's length (at least a second).
 * <p>
 * The ceilings are fixed, not derived from the part's connections: a closed-model loop has no rate limit of its
 * own, so the honest bound is a rate no agent reaches. {@link #EVENTS_PER_SECOND} is ten times
 * {@code loadgen.limits.max-rate} (1,000,000/s): one request per 100 ns per agent, past any HTTP/1.1 or UDP
 * loop. {@link #BYTES_PER_SECOND} is 100 GB/s, eight 100 Gbit/s links. Over the longest run
 * ({@code loadgen.limits.max-duration}, 1 h, plus the overrun) and {@code MAX_AGENTS} = 64 agents the sums stay
 * below 2.4e16, far from {@link Long#MAX_VALUE}: nothing that passes here can overflow a sum.
 */
public final class IntervalBounds {

    public static final long EVENTS_PER_SECOND = 10_000_000L;
    public static final long BYTES_PER_SECOND = 100_000_000_000L;
    private static final double NANOS_PER_SECOND = 1e9;

    private final long latestEndNanos;

    /**
     * @param runNanos     the part's warm-up plus duration
     * @param overrunNanos how long past that the controller still waits for an agent's last interval
     */
    public IntervalBounds(long runNanos, long overrunNanos) {
        if (runNanos < 0 || overrunNanos < 0) {
            throw new IllegalArgumentException("runNanos and overrunNanos must be >= 0");
        }
        this.latestEndNanos = Math.addExact(runNanos, overrunNanos);
    }

    /**
     * Why {@code s} cannot be what the part did, or null when it can.
     *
     * @param previousEndNanos the end of the interval the agent delivered before, -1 before its first
     */
    public String problem(IntervalSample s, long previousEndNanos) {
        if (s.startNanos() < 0 || s.endNanos() > latestEndNanos) {
            return "interval " + s.index() + " spans " + s.startNanos() + ".." + s.endNanos()
                    + " ns, outside the part's 0.." + latestEndNanos + " ns";
        }
        if (s.startNanos() < previousEndNanos) {
            return "interval " + s.index() + " starts at " + s.startNanos() + " ns, before the previous one's end "
                    + previousEndNanos + " ns";
        }
        if (s.index() > latestEndNanos / (long) NANOS_PER_SECOND + 1) {
            return "interval index " + s.index() + " beyond the part's " + latestEndNanos / (long) NANOS_PER_SECOND + " s";
        }
        double seconds = Math.max(NANOS_PER_SECOND, s.endNanos() - s.startNanos()) / NANOS_PER_SECOND;
        String warmup = countProblem(s.warmup(), seconds);
        return warmup != null ? "interval " + s.index() + ": warm-up " + warmup
                : prefixed(s.index(), countProblem(s.measured(), seconds));
    }

    private static String prefixed(long index, String problem) {
        return problem == null ? null : "interval " + index + ": " + problem;
    }

    private static String countProblem(PhaseInterval phase, double seconds) {
        for (Counter c : Counter.values()) {
            long perSecond = c == Counter.BYTES_SENT || c == Counter.BYTES_RECEIVED ? BYTES_PER_SECOND : EVENTS_PER_SECOND;
            if (phase.count(c) > perSecond * seconds) {
                return c + " " + phase.count(c) + " in " + seconds + " s, beyond " + perSecond + " a second";
            }
        }
        return null;
    }
}
