package io.loadlab.loadgen.engine;

import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * How late one event loop runs its own timer: a task scheduled every {@link #PERIOD_NANOS} on the loop measures how
 * long after its due time it ran. A loop held up (a GC pause, a stolen core, a blocking call, a neighbour's burst of
 * reads) runs it late by as much, and every request it was to send in that time is sent late too. Only ticks due in the
 * measured part count. Written by the loop alone, read once the loop stopped (or racily, for a hint, before).
 */
public final class LoopLagProbe {

    /**
     * 5 ms: 200 wake-ups a second cost a loop far under 1% of its time, and a stall as long as the default limit (10 ms)
     * cannot fall between two ticks unseen.
     */
    public static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final TaskScheduler loop;
    private final NanoClock clock;
    private final RunTimeline timeline;
    private volatile long maxLagNanos;
    private volatile boolean stopped;
    private volatile Future<?> next;

    private LoopLagProbe(TaskScheduler loop, NanoClock clock, RunTimeline timeline) {
        this.loop = loop;
        this.clock = clock;
        this.timeline = timeline;
    }

    /** Starts ticking on {@code loop} until {@link #stop()}; the first tick is due one period from now. */
    public static LoopLagProbe start(TaskScheduler loop, NanoClock clock, RunTimeline timeline) {
        LoopLagProbe probe = new LoopLagProbe(loop, clock, timeline);
        probe.schedule(clock.nanoTime() + PERIOD_NANOS);
        return probe;
    }

    private void schedule(long due) {
        if (stopped) {
            return;
        }
        try {
            next = loop.schedule(() -> tick(due), due - clock.nanoTime());
        } catch (RuntimeException shuttingDown) {
            stopped = true; // the loop is terminating with its run: nothing left to measure
        }
    }

    private void tick(long due) {
        long now = clock.nanoTime();
        if (due >= timeline.measureStartNanos() && due < timeline.endNanos()) {
            long lag = now - due;
            if (lag > maxLagNanos) {
                maxLagNanos = lag;
            }
        }
        schedule(Math.max(now, due) + PERIOD_NANOS);
    }

    /** The longest a tick due in the measured part ran late, in nanoseconds; 0 before any. */
    public long maxLagNanos() {
        return maxLagNanos;
    }

    /** Stops ticking; idempotent. */
    public void stop() {
        stopped = true;
        Future<?> f = next;
        if (f != null) {
            f.cancel(false);
        }
    }
}
