package io.loadlab.loadgen.engine;

import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Closes a run's intervals at each whole second after its start, the reader side of HdrHistogram's
 * interval recording ({@code getIntervalHistogram} swapping, as jHiccup's logger does): the event loops
 * keep recording while each tick swaps their recorders, so no request waits and none is lost.
 * Boundaries are {@code base + k s}, computed from the clock at each tick rather than by adding a period,
 * so a late timer delays one close, never the ones after it. Agents started at one agreed instant tick
 * at the same seconds, so their interval {@code k} covers the same second within the start skew.
 */
public final class IntervalTicker {

    public static final long PERIOD_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final RunStats stats;
    private final NanoClock clock;
    private final TaskScheduler scheduler;
    private final long baseNanos;
    private Future<?> next;
    private boolean stopped;

    private IntervalTicker(RunStats stats, NanoClock clock, TaskScheduler scheduler, long baseNanos) {
        this.stats = stats;
        this.clock = clock;
        this.scheduler = scheduler;
        this.baseNanos = baseNanos;
    }

    /**
     * Opens {@code stats}' interval series counted from {@code baseNanos} (the run's start on {@code clock})
     * and ticks each second until {@link #stop()}. Start it before the run's loops record anything.
     */
    public static IntervalTicker start(RunStats stats, NanoClock clock, TaskScheduler scheduler, long baseNanos,
                                       int capacity) {
        IntervalTicker ticker = new IntervalTicker(stats, clock, scheduler, baseNanos);
        stats.openIntervals(baseNanos, capacity);
        ticker.scheduleAfter(clock.nanoTime());
        return ticker;
    }

    /** Stops ticking and closes the last interval; call once the run's loops have stopped writing. Idempotent. */
    public void stop() {
        Future<?> pending;
        synchronized (this) {
            stopped = true;
            pending = next;
        }
        if (pending != null) {
            pending.cancel(false);
        }
        stats.finishIntervals();
    }

    private void tick() {
        long now = clock.nanoTime();
        long passed = Math.floorDiv(now - baseNanos, PERIOD_NANOS);
        if (passed >= 1) {
            stats.closeInterval(passed - 1); // a no-op when the timer fired early, before the boundary
        }
        scheduleAfter(now);
    }

    private void scheduleAfter(long now) {
        long following = Math.max(1, Math.floorDiv(now - baseNanos, PERIOD_NANOS) + 1);
        synchronized (this) {
            if (!stopped) {
                next = scheduler.schedule(this::tick, baseNanos + following * PERIOD_NANOS - now);
            }
        }
    }
}
