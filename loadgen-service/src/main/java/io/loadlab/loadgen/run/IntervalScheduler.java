package io.loadlab.loadgen.run;

import io.loadlab.loadgen.engine.TaskScheduler;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;

import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one thread that closes every running load's one-second intervals. Not a run's own event loop: draining and
 * encoding an interval costs 1.2 KB to 13.7 KB of base64 a second (1,000 to 500,000 values), work that must not
 * delay a loop that is sending load; and one thread serves every run, since only one run is usually active.
 */
@Singleton
public class IntervalScheduler implements TaskScheduler {

    private final ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "loadgen-intervals");
        t.setDaemon(true);
        return t;
    });

    public IntervalScheduler() {
        executor.setRemoveOnCancelPolicy(true); // a stopped ticker's pending task would otherwise hold its run
    }

    @Override
    public Future<?> schedule(Runnable task, long delayNanos) {
        return executor.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
    }

    @PreDestroy
    void stop() {
        executor.shutdownNow();
    }
}
