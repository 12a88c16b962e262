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
 * ({@link RunKind#liveGateFigures}), and stops the run once one fails, remembering which for its end.
 * Judged every {@value #EVERY_MILLIS} ms, so a run stops within about a second of the crossing: k6 judges every 2 s,
 * and the issue asks a run stopped within 2 s of it.
 */
@Singleton
public class AbortWatch {

    static final long EVERY_MILLIS = 500;

    private final TaskScheduler scheduler;
    private final RunKinds kinds;
    private final Map<String, Watch> watched = new ConcurrentHashMap<>();

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
        List<Threshold> aborting = run.thresholds() == null ? List.of()
                : run.thresholds().thresholds().stream().filter(Threshold::abortOnFail).toList();
        RunKind<?, ?> kind = kinds.named(run.spec().kind()).orElse(null);
        if (aborting.isEmpty() || kind == null) {
            return;
        }
        Watch w = new Watch(run, live, kind, aborting);
        watched.put(run.id(), w);
        w.next();
    }

    /** Why {@code id} was stopped, once: its end takes it, and stops watching it. */
    public Optional<Abort> take(String id) {
        Watch w = watched.remove(id);
        if (w == null) {
            return Optional.empty();
        }
        w.stop();
        return Optional.ofNullable(w.abort);
    }

    /** One run's watch: a task every {@value #EVERY_MILLIS} ms until it stops, at most one more that does nothing. */
    private final class Watch {
        private final RunRecord run;
        private final LoadRun live;
        private final RunKind<?, ?> kind;
        private final List<Threshold> aborting;
        private volatile boolean stopped;
        private volatile Future<?> pending;
        private volatile Abort abort;

        Watch(RunRecord run, LoadRun live, RunKind<?, ?> kind, List<Threshold> aborting) {
            this.run = run;
            this.live = live;
            this.kind = kind;
            this.aborting = aborting;
        }

        void next() {
            if (!stopped) {
                pending = scheduler.schedule(this::check, EVERY_MILLIS * 1_000_000);
            }
        }

        void stop() {
            stopped = true;
            Future<?> p = pending;
            if (p != null) {
                p.cancel(false);
            }
        }

        private void check() {
            if (stopped) {
                return;
            }
            RunProgress now = live.progress();
            if (!now.warmingUp()) {
                Map<String, Double> figures = kind.liveGateFigures(run.spec(), now);
                for (Threshold t : aborting) {
                    if (now.elapsedSeconds() * 1e9 < t.delayAbortEval().toNanos()) {
                        continue; // not judged yet: delayAbortEval
                    }
                    Double actual = figures.get(t.figure());
                    if (actual != null && !t.passes(actual)) {
                        abort = new Abort(t, now.elapsedSeconds(), actual);
                        live.cancel();
                        return; // its end takes the abort
                    }
                }
            }
            next();
        }
    }
}
