package io.loadlab.loadgen.engine;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The system clock, except that the first reading taken on another thread than the one that created
 * it, once {@code stallAfterNanos} have passed, sleeps {@code stallNanos} first: a generator thread
 * frozen for a while (a JIT compile, a GC, a busy machine), reproducible.
 */
public final class StallingClock implements NanoClock {

    private final Thread creator = Thread.currentThread();
    private final long stallAt;
    private final long stallNanos;
    private final AtomicBoolean stalled = new AtomicBoolean();

    public StallingClock(long stallAfterNanos, long stallNanos) {
        this.stallAt = System.nanoTime() + stallAfterNanos;
        this.stallNanos = stallNanos;
    }

    @Override
    public long nanoTime() {
        long now = System.nanoTime();
        if (now >= stallAt && Thread.currentThread() != creator && stalled.compareAndSet(false, true)) {
            try {
                TimeUnit.NANOSECONDS.sleep(stallNanos);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            now = System.nanoTime();
        }
        return now;
    }

    /** Whether the stall happened: a test that relies on it checks. */
    public boolean stalled() {
        return stalled.get();
    }
}
