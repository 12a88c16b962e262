package io.loadlab.loadgen.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A deadline for a run that might wedge: runs its action once the delay has passed, unless disarmed first.
 * Disarmed, it lets go of the action and of everything the action reaches (the run, its histograms).
 * Why not {@code CompletableFuture.delayedExecutor(...).execute(...)}: a task given to it stays queued until its
 * delay passes, however early the run ended, so each run stayed reachable for its duration, timeout and 10 s of
 * slack: after 300 back-to-back runs of 200 ms, 32 were still held with their histograms, and the heap after a
 * full GC had grown from 86 to 170 MB (issue 10's leak test).
 * {@link CompletableFuture#completeOnTimeout} removes its timer task when the future completes first.
 */
public final class Watchdog {

    private final CompletableFuture<Void> timer = new CompletableFuture<>();

    private Watchdog(long delayNanos, Runnable action) {
        // async: the action must not run on the JDK's single shared timer thread
        timer.completeOnTimeout(null, delayNanos, TimeUnit.NANOSECONDS).thenRunAsync(action);
    }

    /** Runs {@code action} on the common pool after {@code delayNanos}, unless {@link #disarm() disarmed} by then. */
    public static Watchdog arm(long delayNanos, Runnable action) {
        return new Watchdog(delayNanos, action);
    }

    /** Cancels the action unless it already started; idempotent. */
    public void disarm() {
        timer.cancel(false);
    }

    /** True once the action was cancelled or started. */
    public boolean done() {
        return timer.isDone();
    }
}
