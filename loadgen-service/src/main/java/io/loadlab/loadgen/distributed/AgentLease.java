package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.TaskScheduler;

import java.time.Duration;
import java.util.concurrent.Future;

/**
 * The agent's dead-man switch for one run: every call from the controller {@link #renew() renews} it, and once
 * the controller has not called for the lease's length the run is stopped by {@code onExpiry}, exactly once.
 * A controller that died, or lost its network, so leaves no load behind (issue 12: agents stop within a few
 * seconds). Checked every quarter lease, so a run outlives its controller by at most 1.25 leases.
 */
public final class AgentLease {

    private final NanoClock clock;
    private final long leaseNanos;
    private final Runnable onExpiry;
    private long renewedNanos;
    private boolean over;
    private boolean expired;
    private Future<?> nextCheck;

    /**
     * @param lease    how long the controller may stay silent; at least 1 ms
     * @param onExpiry stops the run; runs at most once, on the scheduler's thread or the caller of {@link #check()}
     */
    public AgentLease(NanoClock clock, Duration lease, Runnable onExpiry) {
        if (lease.compareTo(Duration.ofMillis(1)) < 0) {
            throw new IllegalArgumentException("lease must be at least 1 ms, was " + lease);
        }
        this.clock = clock;
        this.leaseNanos = lease.toNanos();
        this.onExpiry = onExpiry;
        this.renewedNanos = clock.nanoTime();
    }

    /** The controller called: the lease runs from now again, unless it already expired. */
    public synchronized void renew() {
        if (!over) {
            renewedNanos = clock.nanoTime();
        }
    }

    /** Stops the run when the lease has run out; true once it has (now or before). */
    public boolean check() {
        synchronized (this) {
            if (over) {
                return true;
            }
            if (clock.nanoTime() - renewedNanos < leaseNanos) {
                return false;
            }
            over = true;
            expired = true;
        }
        onExpiry.run();
        return true;
    }

    /** Checks every quarter lease on {@code scheduler} until the lease expires or is {@link #release() released}. */
    public void watch(TaskScheduler scheduler) {
        synchronized (this) {
            if (over) {
                return;
            }
            nextCheck = scheduler.schedule(() -> {
                if (!check()) {
                    watch(scheduler);
                }
            }, Math.max(1, leaseNanos / 4));
        }
    }

    /** The run ended on its own (or the controller cancelled it): no expiry will follow. Idempotent. */
    public void release() {
        Future<?> pending;
        synchronized (this) {
            over = true;
            pending = nextCheck;
        }
        if (pending != null) {
            pending.cancel(false);
        }
    }

    /** True once the controller's silence stopped the run (not when released). */
    public synchronized boolean expired() {
        return expired;
    }

    /** True once expired or released. */
    public synchronized boolean over() {
        return over;
    }
}
