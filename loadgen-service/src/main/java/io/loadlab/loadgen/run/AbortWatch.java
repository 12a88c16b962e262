package io.loadlab.loadgen.run;

import io.loadlab.loadgen.engine.TaskScheduler;
import io.loadlab.loadgen.gate.Threshold;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;

/**
 * {@code abortOnFail}: judges a running run's thresholds that carry it on its live figures of the measured part
 * ({@link RunKindDefinition#liveGateFigures}), and stops the run once one fails, remembering which for its end.
 * Judged every {@value #EVERY_MILLIS} ms, so a run stops within about a second of the crossing: k6 judges every 2 s,
 * and the issue asks a run stopped within 2 s of it.
 */
@Singleton
public class AbortWatch {

    static final long EVERY_MILLIS = 500;

    private final TaskScheduler scheduler;
    private final RunKinds kinds;
    private final Map<String, Abort> aborted = new ConcurrentHashMap<>();
    private final Map<String, Future<?>> next = new ConcurrentHashMap<>();

    @Inject
    public AbortWatch(IntervalScheduler scheduler, RunKinds kinds) {
        this((TaskScheduler) scheduler, kinds);
    }

    AbortWatch(TaskScheduler scheduler, RunKinds kinds) {
        this.scheduler = scheduler;
        this.kinds = kinds;
    }

    /** Starts judging {@code run} while it runs, when a threshold of it carries {@code abortOnFail}. */
    public void watch(RunRecord run, LoadRun live) {
        List<Threshold> watched = run.thresholds() == null ? List.of()
                : run.thresholds().thresholds().stream().filter(Threshold::abortOnFail).toList();
        RunKindDefinition<?, ?> kind = kinds.named(run.spec().kind()).orElse(null);
        if (watched.isEmpty() || kind == null) {
            return;
        }
        schedule(run.id(), () -> check(run, live, kind, watched));
    }

    /** Why {@code id} was stopped, once: its end takes it (and stops watching it). */
    public Optional<Abort> take(String id) {
        Future<?> pending = next.remove(id);
        if (pending != null) {
            pending.cancel(false);
        }
        return Optional.ofNullable(aborted.remove(id));
    }

    private void check(RunRecord run, LoadRun live, RunKindDefinition<?, ?> kind, List<Threshold> watched) {
        if (!next.containsKey(run.id())) {
            return; // ended meanwhile
        }
        RunProgress now = live.progress();
        if (!now.warmingUp()) {
            Map<String, Double> figures = kind.liveGateFigures(run.spec(), now);
            for (Threshold t : watched) {
                Double actual = figures.get(t.figure());
                if (actual != null && !t.passes(actual)) {
                    aborted.put(run.id(), new Abort(t, now.elapsedSeconds(), actual));
                    live.cancel();
                    return;
                }
            }
        }
        schedule(run.id(), () -> check(run, live, kind, watched));
    }

    private void schedule(String id, Runnable task) {
        next.put(id, scheduler.schedule(task, EVERY_MILLIS * 1_000_000));
    }
}
