package io.loadlab.loadgen.engine;

import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs a task once after a delay: the one thing a ticker needs from a timer, so the engine can tick on a
 * Netty event loop, a JDK scheduler or, in tests, by hand with a fake clock.
 */
@FunctionalInterface
public interface TaskScheduler {

    /** Runs {@code task} once, {@code delayNanos} from now (at once when not positive); cancel it through the future. */
    Future<?> schedule(Runnable task, long delayNanos);

    /** A scheduler on {@code executor} (a Netty event loop is one). */
    static TaskScheduler on(ScheduledExecutorService executor) {
        return (task, delayNanos) -> executor.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
    }
}
