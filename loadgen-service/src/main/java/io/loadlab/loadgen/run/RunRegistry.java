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
 * to a process that died, and is recorded as failed. A run starts only once it holds the {@link ActiveJob}
 * slot (or runs under the claim of the job that owns it, an experiment's cell) and once its record is on disk;
 * a finished run is never lost to a full disk: {@link RunStore#save} keeps it until it is written.
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
    private final ActiveJob slot;
    /** Guarded by {@code this}. Ids sort by creation, so the last key is the newest run. */
    private final NavigableMap<String, Tracked> runs = new TreeMap<>();

    @Inject
    public RunRegistry(@All List<RunDriver> drivers, RunStore store, Clock clock, RunIds ids, RunsConfig config,
                       @All List<RunListener> listeners, ActiveJob slot) {
        this.drivers = drivers.stream().collect(Collectors.toMap(RunDriver::kind, Function.identity()));
        this.store = store;
        this.clock = clock;
        this.ids = ids;
        this.config = config;
        this.listeners = List.copyOf(listeners);
        this.slot = slot;
        restore();
    }

    private synchronized void restore() {
        for (RunRecord run : store.newest(config.retain())) {
            if (!run.state().finished()) {
                run = run.finished(RunState.FAILED, clock.instant(), null, null, DIED);
                store.save(run);
                LOG.warnf("Run %s was active when the load generator stopped; recorded as failed", run.id());
            }
            runs.put(run.id(), Tracked.done(run));
            ids.seedAfter(run.id());
        }
    }

    /**
     * Starts a run of {@code spec}, which the caller has validated and guarded, as a job of its own.
     *
     * @throws ActiveJobException          when another job is active, or {@code loadgen.runs.max-active} runs are
     * @throws NoDriverException           when no driver of the spec's kind is installed
     * @throws DataDirUnavailableException when the run's record cannot be written; nothing was started
     */
    public RunRecord start(RunSpec spec) {
        return start(spec, null);
    }

    /**
     * Starts a run of {@code spec} as part of {@code owner}, which holds the {@link ActiveJob} slot (an
     * experiment running its cells); with a null owner the run claims the slot itself.
     *
     * @throws ActiveJobException when {@code owner} does not hold the slot, or (no owner) another job does
     */
    public synchronized RunRecord start(RunSpec spec, ActiveJob.Job owner) {
        RunDriver driver = drivers.get(spec.kind());
        if (driver == null) {
            throw new NoDriverException(spec.kind());
        }
        RunRecord run = RunRecord.queued(ids.next(), spec, clock.instant()).running(clock.instant());
        ActiveJob.Job job = owner == null ? new ActiveJob.Job(ActiveJob.RUN, run.id()) : null;
        if (job != null) {
            slot.claim(job, config.maxActive());
        } else {
            slot.requireHeldBy(owner, ActiveJob.RUN);
        }
        LoadRun live;
        try {
            store.write(run);
            live = driver.start(spec);
        } catch (DataDirUnavailableException e) {
            release(job);
            throw e;
        } catch (RuntimeException e) {
            LOG.errorf(e, "Run %s failed to start", run.id());
            release(job);
            run = run.finished(RunState.FAILED, clock.instant(), null, null, "failed to start: " + e.getMessage());
            store.save(run);
            runs.put(run.id(), Tracked.done(run));
            trim();
            return run;
        }
        runs.put(run.id(), new Tracked(run, live, new CompletableFuture<>(), job));
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
        store.save(run);
        release(t.job());
        for (RunListener l : listeners) {
            l.finished(run, last);
        }
        t.ended().complete(run);
        trim();
    }

    private void release(ActiveJob.Job job) {
        if (job != null) {
            slot.release(job);
        }
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

    /**
     * A run, its live handle while active, a stage completed once its end is recorded, and the slot claim it
     * releases at its end (null for a cell, which runs under its experiment's claim).
     */
    private record Tracked(RunRecord run, LoadRun live, CompletableFuture<RunRecord> ended, ActiveJob.Job job) {
        static Tracked done(RunRecord run) {
            return new Tracked(run, null, CompletableFuture.completedFuture(run), null);
        }
    }
}
