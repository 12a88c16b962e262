package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.run.ActiveJob;
import io.loadlab.loadgen.run.RunIds;
import io.loadlab.loadgen.run.RunRegistry;
import io.loadlab.loadgen.run.RunState;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Every experiment this process knows. Runs one at a time on its own thread: its cells are ordinary runs
 * started through the {@link RunRegistry}, one after another, under the experiment's claim on the
 * {@link ActiveJob} slot, so no other run or experiment starts until its last cell has ended. Each step is
 * persisted (kept in memory while the data dir cannot take it); an experiment found running on disk at
 * startup belonged to a process that died and is recorded as failed.
 */
@Startup
@ApplicationScoped
public class Experiments {

    static final String DIED = "the load generator stopped while this experiment was active";
    private static final Logger LOG = Logger.getLogger(Experiments.class);

    private final RunRegistry runs;
    private final ExperimentStore store;
    private final Clock clock;
    private final RunIds ids;
    private final ExperimentsConfig config;
    private final ExperimentMeters meters;
    private final CellRunner cells;
    private final ActiveJob slot;
    /** Guarded by {@code this}; ids sort by creation. */
    private final NavigableMap<String, ExperimentRecord> known = new TreeMap<>();
    private Active active;

    @Inject
    public Experiments(RunRegistry runs, ExperimentStore store, Clock clock, RunIds ids, ExperimentsConfig config,
                       ExperimentMeters meters, NanoClock nanos, ActiveJob slot, TargetMetrics targetMetrics) {        this.runs = runs;
        this.store = store;
        this.clock = clock;
        this.ids = ids;
        this.config = config;
        this.meters = meters;
        this.slot = slot;
        this.cells = new CellRunner(runs, this::owner, config, nanos, targetMetrics);
        restore();
    }

    private synchronized void restore() {
        for (ExperimentRecord x : store.newest(config.retain())) {
            if (!x.state().finished()) {
                x = x.finished(RunState.FAILED, clock.instant(), DIED);
                store.save(x);
                LOG.warnf("Experiment %s was active when the load generator stopped; recorded as failed", x.id());
            }
            known.put(x.id(), x);
            ids.seedAfter(x.id());
        }
    }

    /**
     * Starts {@code spec}, validated and guarded by the caller.
     *
     * @throws io.loadlab.loadgen.run.ActiveJobException          when an experiment or a run is active
     * @throws io.loadlab.loadgen.run.DataDirUnavailableException when its record cannot be written; nothing started
     */
    public synchronized ExperimentRecord start(ExperimentSpec spec) {
        ExperimentRecord x = ExperimentRecord.started(ids.next(), spec, clock.instant());
        ActiveJob.Job job = new ActiveJob.Job(ActiveJob.EXPERIMENT, x.id());
        slot.claim(job, 1);
        try {
            store.write(x);
        } catch (RuntimeException e) {
            slot.release(job);
            throw e;
        }
        known.put(x.id(), x);
        active = new Active(job);
        meters.experimentStarted();
        Thread t = new Thread(() -> drive(x.id()), "experiment-" + x.id());
        t.setDaemon(true);
        t.start();
        trim();
        return x;
    }

    private void drive(String id) {
        RunState end = RunState.COMPLETED;
        String failure = null;
        try {
            ExperimentRecord x = current(id);
            ExperimentSpec spec = x.spec();
            if (spec.search() == null) {
                runCells(id, spec);
            } else {
                for (ExperimentTarget t : spec.targets()) {
                    if (cancelled()) {
                        break;
                    }
                    LinkCapacity link = link(id, spec, t);
                    for (Variant v : spec.variants()) {
                        if (cancelled()) {
                            break;
                        }
                        SearchResult r = RateSearch.run(t.name(), t.cores(), v.label(), spec.search(), spec.repeats(),
                                rate -> probe(id, t, v.atRate(rate), spec, link), this::cancelled);
                        update(id, current(id).withSearch(r));
                    }
                }
            }
            if (cancelled()) {
                end = RunState.CANCELLED;
            }
        } catch (RuntimeException e) {
            LOG.errorf(e, "Experiment %s failed", id);
            end = RunState.FAILED;
            failure = e.getMessage() == null ? e.toString() : e.getMessage();
        } finally {
            finish(id, end, failure);
        }
    }

    /** Every cell {@code repeats} times, interleaved; each target's link measured before its first cell. */
    private void runCells(String id, ExperimentSpec spec) {
        List<TargetVariant> cells = new ArrayList<>();
        spec.targets().forEach(t -> spec.variants().forEach(v -> cells.add(new TargetVariant(t, v))));
        Map<String, LinkCapacity> links = new HashMap<>();
        for (TargetVariant c : Interleaving.of(cells, spec.repeats())) {
            if (cancelled()) {
                break;
            }
            LinkCapacity link = links.get(c.target().name());
            if (link == null) {
                link = link(id, spec, c.target());
                links.put(c.target().name(), link);
            }
            update(id, current(id).withCell(cell(id, c.target(), c.variant(), spec, link)));
        }
    }

    private LinkCapacity link(String id, ExperimentSpec spec, ExperimentTarget t) {
        LinkCapacity link = spec.linkMbps() != null ? new LinkCapacity(t.name(), spec.linkMbps(), false, null)
                : cells.measureLink(t, spec, runId -> running(id, runId, t.name() + " link"), this::cancelled);
        update(id, current(id).withLink(link));
        return link;
    }

    private record TargetVariant(ExperimentTarget target, Variant variant) {
    }

    private CellResult cell(String id, ExperimentTarget t, Variant v, ExperimentSpec spec, LinkCapacity link) {
        try {
            return cells.run(t, v, spec, link, runId -> {
                running(id, runId, t.name() + " " + v.label());
                meters.cellStarted(id, t.name(), t.cores(), v.label());
            }, this::cancelled);
        } finally {
            meters.cellEnded();
        }
    }

    /**
     * One probe: long enough for its p99 to rest on {@link ProbeDuration#MIN_SAMPLES} requests (at most
     * {@code loadgen.experiments.max-probe-duration}); the generator counts as saturated when its schedule lagged or
     * the cell's verdict is loadgen-bound.
     */
    private ProbePoint probe(String id, ExperimentTarget t, Variant v, ExperimentSpec spec, LinkCapacity link) {
        ProbeDuration length = ProbeDuration.of(v.rate(), v.threads(), spec.duration(),
                spec.duration().compareTo(config.maxProbeDuration()) > 0 ? spec.duration() : config.maxProbeDuration());
        CellResult c = cell(id, t, v, spec.withDuration(length.duration()), link);
        update(id, current(id).withCell(c));
        SearchSpec s = spec.search();
        boolean kept = c.achievedRate() >= v.rate() * (1 - config.scheduleLag());
        boolean ok = "completed".equals(c.runState()) && c.p99Millis() <= s.p99Millis()
                && c.errorRate() <= s.maxErrorRate() && kept;
        boolean saturated = !kept || Verdict.LOADGEN.equals(c.verdict().verdict());
        long samples = Math.round(c.requestsPerSecond() * length.duration().toNanos() / 1e9);
        return new ProbePoint(v.rate(), c.p99Millis(), c.errorRate(), c.achievedRate(), c.runId(), ok, samples, saturated);
    }

    /** The claim the active experiment's cells run under; null when none is active. */
    private synchronized ActiveJob.Job owner() {
        return active == null ? null : active.job;
    }

    private synchronized boolean cancelled() {
        return active != null && active.cancelled;
    }

    private synchronized ExperimentRecord current(String id) {
        return known.get(id);
    }

    private synchronized void running(String id, String runId, String cell) {
        if (active != null) {
            active.run = runId;
        }
        update(id, known.get(id).running(runId, cell));
    }

    private synchronized void update(String id, ExperimentRecord x) {
        known.put(id, x);
        store.save(x);
    }

    private synchronized void finish(String id, RunState end, String failure) {
        ExperimentRecord x = known.get(id).finished(end, clock.instant(), failure);
        known.put(id, x);
        store.save(x);
        meters.experimentEnded();
        Active a = active;
        active = null;
        slot.release(a.job);
        a.ended.complete(x);
        trim();
    }

    private void trim() {
        var it = known.entrySet().iterator();
        int finished = (int) known.values().stream().filter(x -> x.state().finished()).count();
        while (finished > config.retain() && it.hasNext()) {
            if (it.next().getValue().state().finished()) {
                it.remove();
                finished--;
            }
        }
    }

    public synchronized Optional<ExperimentRecord> find(String id) {
        ExperimentRecord x = known.get(id);
        return x != null ? Optional.of(x) : store.read(id);
    }

    /** Experiments in memory, newest first. */
    public synchronized List<ExperimentRecord> list() {
        return new ArrayList<>(known.descendingMap().values());
    }

    /**
     * Asks the active experiment {@code id} to stop: its current run is cancelled (its partial figures kept as
     * a row) and no further cell starts. Empty when {@code id} is not the active experiment.
     */
    public synchronized Optional<CompletionStage<ExperimentRecord>> cancel(String id) {
        if (active == null || !active.job.id().equals(id)) {
            return Optional.empty();
        }
        active.cancelled = true;
        if (active.run != null) {
            runs.cancel(active.run);
        }
        return Optional.of(active.ended);
    }

    @PreDestroy
    synchronized void stop() {
        if (active != null) {
            active.cancelled = true;
            if (active.run != null) {
                runs.cancel(active.run);
            }
        }
    }

    /** The one experiment running, by its slot claim: guarded by this bean's lock. */
    private static final class Active {
        final ActiveJob.Job job;
        final CompletableFuture<ExperimentRecord> ended = new CompletableFuture<>();
        String run;
        boolean cancelled;

        Active(ActiveJob.Job job) {
            this.job = job;
        }
    }
}
