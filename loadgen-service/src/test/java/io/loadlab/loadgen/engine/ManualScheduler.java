package io.loadlab.loadgen.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/** A {@link TaskScheduler} whose tasks run only when the test says, at the fake clock's time it chooses. */
public final class ManualScheduler implements TaskScheduler {

    public record Task(Runnable task, long dueNanos, CompletableFuture<Void> future) {
    }

    private final FakeClock clock;
    private final List<Task> pending = new ArrayList<>();

    public ManualScheduler(FakeClock clock) {
        this.clock = clock;
    }

    @Override
    public Future<?> schedule(Runnable task, long delayNanos) {
        Task t = new Task(task, clock.nanoTime() + delayNanos, new CompletableFuture<>());
        pending.add(t);
        return t.future();
    }

    /** The one task pending; fails unless exactly one is. */
    public Task only() {
        pending.removeIf(t -> t.future().isCancelled());
        if (pending.size() != 1) {
            throw new AssertionError("expected one pending task, had " + pending.size());
        }
        return pending.get(0);
    }

    /** Runs the pending task with the clock at {@code nowNanos}. */
    public void runAt(long nowNanos) {
        Task t = only();
        pending.remove(t);
        clock.advance(nowNanos - clock.nanoTime());
        t.future().complete(null);
        t.task().run();
    }

    public int pendingCount() {
        pending.removeIf(t -> t.future().isCancelled());
        return pending.size();
    }
}
