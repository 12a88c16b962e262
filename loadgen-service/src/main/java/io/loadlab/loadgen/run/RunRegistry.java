package io.loadlab.loadgen.run;

import io.quarkus.arc.All;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every run this process knows: starts them through the {@link RunDriver} of their kind, follows
 * them to their end, persists each step and keeps the newest {@code loadgen.runs.retain} finished
 * runs (plus the active ones) in memory. A run found {@code running} on disk at startup belonged
 * to a process that died, and is recorded as failed.
 */
@Startup
@ApplicationScoped
public class RunRegistry {

    static final String DIED = "the load generator stopped while this run was active; no report was kept";
    private static final Logger LOG = Logger.getLogger(RunRegistry.class);

    private final Map<String, RunDriver> drivers;
    private final RunStore store;
    private final Clock clock;
    private final RunIds ids;
    private final RunsConfig config;
    private final List<RunListener> listeners;
    /** Guarded by {@code this}. Ids sort by creation, so the last key is the newest run. */
    private final NavigableMap<String, Tracked> runs = new TreeMap<>();

    @Inject
    public RunRegistry(@All List<RunDriver> drivers, RunStore store, Clock clock, RunIds ids, RunsConfig config,
                       @All List<RunListener> listeners) {
        this.drivers = drivers.stream().collect(Collectors.toMap(RunDriver::kind, Function.identity()));
        this.store = store;
        this.clock = clock;
        this.ids = ids;
        this.config = config;
        this.listeners = List.copyOf(listeners);
        restore();
    }

    private synchronized void restore() {
        for (RunRecord run : store.newest(config.retain())) {
            if (!run.state().finished()) {
                run = run.finished(RunState.FAILED, clock.instant(), null, null, DIED);
                store.write(run);
                LOG.warnf("Run %s was active when the load generator stopped; recorded as failed", run.id());
            }
            runs.put(run.id(), Tracked.done(run));
            ids.seedAfter(run.id());
        }
    }

    /**
     * Starts a run of {@code spec}, which the caller has validated and guarded.
     *
     * @throws ActiveRunLimitException when {@code loadgen.runs.max-active} runs are active
     * @throws NoDriverException       when no driver of the spec's kind is installed
     */
    public synchronized RunRecord start(RunSpec spec) {
        RunDriver driver = drivers.get(spec.kind());
        if (driver == null) {
            throw new NoDriverException(spec.kind());
        }
        List<String> active = activeIds();
        if (active.size() >= config.maxActive()) {
            throw new ActiveRunLimitException(active);
        }
        RunRecord run = RunRecord.queued(ids.next(), spec, clock.instant()).running(clock.instant());
        store.write(run);
        LoadRun live;
        try {
            live = driver.start(spec);
        } catch (RuntimeException e) {
            LOG.errorf(e, "Run %s failed to start", run.id());
            run = run.finished(RunState.FAILED, clock.instant(), null, null, "failed to start: " + e.getMessage());
            store.write(run);
            runs.put(run.id(), Tracked.done(run));
            trim();
            return run;
        }
        runs.put(run.id(), new Tracked(run, live, new CompletableFuture<>()));
        for (RunListener l : listeners) {
            l.started(run, live);
        }
        String id = run.id();
        live.done().whenComplete((outcome, error) -> finish(id, outcome, error));
        trim();
        return runs.get(id).run();
    }

    private synchronized void finish(String id, RunOutcome outcome, Throwable error) {
        Tracked t = runs.get(id);
        if (t == null || t.live() == null) {
            return;
        }
        RunProgress last = t.live().progress();
        RunRecord run;
        if (error != null || outcome == null) {
            String why = error == null ? "the driver ended without an outcome" : "driver error: " + error;
            run = t.run().finished(RunState.FAILED, clock.instant(), null, null, why);
        } else {
            RunState end = outcome.failure() != null ? RunState.FAILED
                    : outcome.cancelled() ? RunState.CANCELLED : RunState.COMPLETED;
            run = t.run().finished(end, clock.instant(), outcome.report(), outcome.histogram(), outcome.failure());
        }
        runs.put(id, Tracked.done(run));
        try {
            store.write(run);
        } catch (RuntimeException e) {
            LOG.errorf(e, "Run %s finished but could not be persisted; it is kept in memory only", id);
        }
        for (RunListener l : listeners) {
            l.finished(run, last);
        }
        t.ended().complete(run);
        trim();
    }

    /** Drops the oldest finished runs from memory beyond {@code retain}; they stay on disk. */
    private void trim() {
        int finished = (int) runs.values().stream().filter(t -> t.live() == null).count();
        var it = runs.entrySet().iterator();
        while (finished > config.retain() && it.hasNext()) {
            if (it.next().getValue().live() == null) {
                it.remove();
                finished--;
            }
        }
    }

    public synchronized Optional<RunRecord> find(String id) {
        Tracked t = runs.get(id);
        return t != null ? Optional.of(t.run()) : store.read(id);
    }

    /** The live run behind {@code id}, while it is active. */
    public synchronized Optional<LoadRun> live(String id) {
        Tracked t = runs.get(id);
        return Optional.ofNullable(t == null ? null : t.live());
    }

    /**
     * Asks the active run {@code id} to stop; the returned stage completes with its final record
     * (state cancelled, partial report) once it has stopped. Empty when the run is not active.
     */
    public synchronized Optional<CompletionStage<RunRecord>> cancel(String id) {
        Tracked t = runs.get(id);
        if (t == null || t.live() == null) {
            return Optional.empty();
        }
        t.live().cancel();
        return Optional.of(t.ended());
    }

    /** Runs in memory, newest first. */
    public synchronized List<RunRecord> list() {
        List<RunRecord> all = new ArrayList<>(runs.size());
        runs.descendingMap().values().forEach(t -> all.add(t.run()));
        return all;
    }

    public synchronized List<String> activeIds() {
        return runs.values().stream().filter(t -> t.live() != null).map(t -> t.run().id()).toList();
    }

    /** A run, its live handle while active, and a stage completed once its end is recorded. */
    private record Tracked(RunRecord run, LoadRun live, CompletableFuture<RunRecord> ended) {
        static Tracked done(RunRecord run) {
            return new Tracked(run, null, CompletableFuture.completedFuture(run));
        }
    }
}
