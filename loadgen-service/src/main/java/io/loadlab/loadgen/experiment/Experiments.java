package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.job.RunDrive;
import io.loadlab.loadgen.gate.GateResult;
import io.loadlab.loadgen.calibrate.Calibration;
import io.loadlab.loadgen.calibrate.CalibrationSpec;
import io.loadlab.loadgen.calibrate.Calibrations;
import io.loadlab.loadgen.distributed.AgentDiscovery;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.job.ActiveJob;
import io.loadlab.loadgen.job.JobKind;
import io.loadlab.loadgen.job.JobThread;
import io.loadlab.loadgen.job.Jobs;
import io.loadlab.loadgen.resource.ResourceSource;
import io.loadlab.loadgen.resource.ResourceSources;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.run.Runs;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import io.quarkus.arc.All;
import jakarta.inject.Inject;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Experiments as a kind of job in the {@link Jobs} registry, which keeps, persists, restores and lists them.
 * Runs one at a time on its own thread: its cells are ordinary runs started through {@link Runs}, one after
 * another, under the experiment's claim on the {@link ActiveJob} slot, so no other run or experiment starts until
 * its last cell has ended. Each step is saved; an experiment found running at startup is recorded as failed.
 */
@Startup
@ApplicationScoped
public class Experiments {

    static final String DIED = "the load generator stopped while this experiment was active";
    /** Experiments in the registry, under {@code <data dir>/experiments}. */
    public static final JobKind<ExperimentRecord, RunDrive> JOB = new JobKind<>("experiment",
            ExperimentRecord.class, RunDrive.class, "experiments",
            (x, now) -> x.finished(RunState.FAILED, now, DIED));

    private final Runs runs;
    private final Jobs jobs;
    private final Clock clock;
    private final ExperimentsConfig config;
    private final ExperimentMeters meters;
    private final CellRunner cells;
    private final Calibrations calibrations;
    private final ResourceSources sources;

    @Inject
    public Experiments(Runs runs, Jobs jobs, Clock clock, ExperimentsConfig config, ExperimentMeters meters,
                       NanoClock nanos, ResourceSources sources, RunKinds kinds,
                       Calibrations calibrations, @All List<LinkProbe> probes, AgentDiscovery agents) {
        this.calibrations = calibrations;
        this.sources = sources;
        this.runs = runs;
        this.jobs = jobs;
        this.clock = clock;
        this.config = config;
        this.meters = meters;
        this.cells = new CellRunner(runs, kinds, this::owner, config, nanos, clock, probes.stream().findFirst(),
                agents);
        if (!(config.suspectShare() > 0 && config.suspectShare() <= 1)) {
            throw new IllegalArgumentException("loadgen.experiments.suspect-share must be above 0 and at most 1, was "
                    + config.suspectShare());
        }
        jobs.register(JOB, config.retain(), 1, null);
    }

    /**
     * Starts {@code spec}, validated and guarded by the caller.
     *
     * @throws io.loadlab.loadgen.job.ActiveJobException          when an experiment or a run is active
     * @throws io.loadlab.loadgen.job.DataDirUnavailableException when its record cannot be written; nothing started
     */
    public ExperimentRecord start(ExperimentSpec spec) {
        return start(spec, List.of());
    }

    /**
     * Starts {@code spec} with the warnings its sources' checks gave before any load.
     *
     * @see #start(ExperimentSpec)
     */
    public ExperimentRecord start(ExperimentSpec spec, List<String> warnings) {
        ExperimentRecord x = ExperimentRecord.started(jobs.nextId(), spec, clock.instant()).withWarnings(warnings);
        // Found now, outside the registry's lock its last step runs under; a completed record no longer changes.
        Optional<ExperimentRecord> baseline = spec.baseline() == null ? Optional.empty() : find(spec.baseline());
        jobs.start(JOB, x, null, record -> {
            RunDrive drive = new RunDrive(runs::cancel);
            meters.experimentStarted();
            JobThread.start(jobs, JOB, record.id(), () -> andJudged(drive(record.id(), drive), baseline),
                    (e, why) -> ExperimentBaseline.judged(judged(e.finished(RunState.FAILED, clock.instant(), why)
                            .flagged(config.suspectShare())), baseline),
                    e -> meters.experimentEnded());
            return drive;
        });
        return x;
    }

    /** {@code last}, then the finished record judged against its baseline ({@link ExperimentBaseline#judged}). */
    private static UnaryOperator<ExperimentRecord> andJudged(UnaryOperator<ExperimentRecord> last,
                                                             Optional<ExperimentRecord> baseline) {
        return x -> ExperimentBaseline.judged(last.apply(x), baseline);
    }

    /** The experiment's body: how its record ends. What it throws ends it failed ({@link JobThread}). */
    private UnaryOperator<ExperimentRecord> drive(String id, RunDrive drive) throws IOException {
        RunState end = RunState.COMPLETED;
        try {
            ExperimentSpec spec = current(id).spec();
            if (spec.calibrate()) {
                Calibration found = calibrations.calibrate(CalibrationSpec.defaults(), owner(),
                        runId -> running(id, drive, runId, "calibration"), drive::cancelled);
                if (found != null) {
                    update(id, x -> x.withCalibration(found));
                }
            }
            Map<String, ResourceSource> bySource = sources(spec);
            if (spec.search() == null) {
                runCells(id, drive, spec, bySource);
            } else {
                for (ExperimentTarget t : spec.targets()) {
                    if (drive.cancelled()) {
                        break;
                    }
                    LinkCapacity link = link(id, drive, spec, t);
                    for (Variant v : spec.variants()) {
                        for (ExperimentProtocol p : spec.cellProtocols()) {
                            if (drive.cancelled()) {
                                break;
                            }
                            SearchResult r = RateSearch.run(t.name(), t.cores(), label(spec, v, p), spec.search(),
                                    spec.repeats(), rate -> probe(id, drive, new Cell(t, v.atRate(rate), p),
                                            bySource.get(t.name()), spec, link), drive::cancelled);
                            update(id, x -> x.withSearch(r));
                        }
                    }
                }
            }
            if (drive.cancelled()) {
                end = RunState.CANCELLED;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            end = RunState.CANCELLED;
        }
        RunState last = end;
        return x -> judged(x.finished(last, clock.instant(), null).flagged(config.suspectShare()));
    }

    /**
     * The finished record with its thresholds' gate ({@link ExperimentGate}); its baseline's comparison is added after,
     * by {@link ExperimentBaseline#judged}, which keeps this gate's thresholds, abort and failure.
     */
    private ExperimentRecord judged(ExperimentRecord x) {
        GateResult gate = x.spec().thresholds() == null ? null : ExperimentGate.judge(x, runs::find, null);
        return gate == null ? x : x.judged(gate, null);
    }

    /**
     * Checks every non-builtin source of {@code spec} before any load: each query answers and matches one series.
     * Blocks up to each source's timeout per query; call it off the event loop.
     *
     * @return the warnings, each naming its target's field
     * @throws io.loadlab.loadgen.run.InvalidSpecException naming the field, the query and what it matched
     */
    public List<String> check(ExperimentSpec spec) {
        List<String> warnings = new ArrayList<>();
        for (int i = 0; i < spec.targets().size(); i++) {
            ExperimentTarget t = spec.targets().get(i);
            if (!t.resources().builtin()) {
                String field = "targets[" + i + "].resources";
                sources.of(t.resources(), t.metrics()).check(field, spec.duration())
                        .forEach(w -> warnings.add(field + ": " + w));
            }
        }
        return warnings;
    }

    /** One source per target (by its unique name), built once for the whole experiment. */
    private Map<String, ResourceSource> sources(ExperimentSpec spec) {
        Map<String, ResourceSource> out = new HashMap<>();
        spec.targets().forEach(t -> out.put(t.name(), sources.of(t.resources(), t.metrics())));
        return out;
    }

    /**
     * Every cell once uncounted when the spec warms up first ({@link WarmupPass}), then every cell {@code repeats}
     * times, interleaved; each target's link measured before its first cell.
     */
    private void runCells(String id, RunDrive drive, ExperimentSpec spec, Map<String, ResourceSource> bySource) {
        List<Cell> all = new ArrayList<>();
        spec.targets().forEach(t -> spec.variants().forEach(v -> spec.cellProtocols().forEach(p -> all.add(new Cell(t, v, p)))));
        Map<String, LinkCapacity> links = new HashMap<>();
        Function<ExperimentTarget, LinkCapacity> linkOf =
                t -> links.computeIfAbsent(t.name(), n -> link(id, drive, spec, t));
        if (spec.warmsUpFirst()) {
            for (Cell c : all) {
                if (drive.cancelled()) {
                    return;
                }
                warmUp(id, drive, c, bySource.get(c.target().name()), spec, linkOf.apply(c.target()));
            }
        }
        for (Cell c : Interleaving.of(all, spec.repeats())) {
            if (drive.cancelled()) {
                break;
            }
            cell(id, drive, c, bySource.get(c.target().name()), spec, linkOf.apply(c.target()));
        }
    }

    private LinkCapacity link(String id, RunDrive drive, ExperimentSpec spec, ExperimentTarget t) {
        LinkCapacity link = t.linkMbps() != null ? LinkCapacity.given(t.name(), t.linkMbps())
                : spec.linkMbps() != null ? LinkCapacity.given(t.name(), spec.linkMbps())
                : cells.measureLink(t, spec, runId -> running(id, drive, runId, t.name() + " link"),
                drive::cancelled);
        update(id, x -> x.withLink(link));
        return link;
    }

    /** One cell of the matrix: a target, a variant, a protocol. */
    private record Cell(ExperimentTarget target, Variant variant, ExperimentProtocol protocol) {
    }

    /** The variant's label, with the protocol's after it when the experiment has a {@code protocols} axis. */
    private static String label(ExperimentSpec spec, Variant v, ExperimentProtocol p) {
        return spec.protocols() == null ? v.label() : v.label() + " " + p.label();
    }

    /** Runs one cell and adds its row, counting every run it took. */
    private CellResult cell(String id, RunDrive drive, Cell c, ResourceSource source, ExperimentSpec spec,
                            LinkCapacity link) {
        Measured m = measure(id, drive, c, source, spec, link);
        update(id, x -> x.withCell(m.row(), m.runs()));
        return m.row();
    }

    /** Runs one cell of the warm-up pass: its row goes to {@link WarmupPass}, its runs count as done. */
    private void warmUp(String id, RunDrive drive, Cell c, ResourceSource source, ExperimentSpec spec,
                        LinkCapacity link) {
        Measured m = measure(id, drive, c, source, spec, link);
        update(id, x -> x.withWarmupCell(m.row(), m.runs()));
    }

    /** A cell's row and the runs it took (more than one when {@code agents: auto} ran it again). */
    private record Measured(CellResult row, int runs) {
    }

    private Measured measure(String id, RunDrive drive, Cell c, ResourceSource source, ExperimentSpec spec,
                             LinkCapacity link) {
        AtomicInteger runs = new AtomicInteger();
        ExperimentTarget t = c.target();
        String label = label(spec, c.variant(), c.protocol());
        CellResult r;
        try {
            r = cells.run(t, source, c.variant(), c.protocol(), spec, link, (runId, generators) -> {
                runs.incrementAndGet();
                running(id, drive, runId, t.name() + " " + label);
                meters.cellStarted(id, t.name(), t.cores(), label, generators);
            }, drive::cancelled);
        } finally {
            meters.cellEnded();
        }
        return new Measured(r, Math.max(1, runs.get()));
    }

    /**
     * One probe: long enough for its p99 to rest on {@link ProbeDuration#MIN_SAMPLES} requests (at most
     * {@code loadgen.experiments.max-probe-duration}); the generator counts as saturated when its schedule lagged or
     * the cell's verdict is loadgen-bound.
     */
    private ProbePoint probe(String id, RunDrive drive, Cell cell, ResourceSource source, ExperimentSpec spec,
                             LinkCapacity link) {
        Variant v = cell.variant();
        ProbeDuration length = ProbeDuration.of(v.rate(), v.threads(), spec.duration(),
                spec.duration().compareTo(config.maxProbeDuration()) > 0 ? spec.duration() : config.maxProbeDuration());
        CellResult c = cell(id, drive, cell, source, spec.withDuration(length.duration()), link);
        SearchSpec s = spec.search();
        boolean kept = c.achievedRate() >= v.rate() * (1 - config.scheduleLag());
        boolean ok = "completed".equals(c.runState()) && c.p99Millis() <= s.p99Millis()
                && c.errorRate() <= s.maxErrorRate() && kept;
        boolean saturated = !kept || Verdict.LOADGEN.equals(c.verdict().verdict());
        long samples = Math.round(c.requestsPerSecond() * length.duration().toNanos() / 1e9);
        return new ProbePoint(v.rate(), c.p99Millis(), c.errorRate(), c.achievedRate(), c.runId(), ok, samples, saturated);
    }

    /** The claim the active experiment's cells run under; null when none is active. */
    private ActiveJob.Job owner() {
        List<String> active = jobs.activeIds(JOB);
        return active.isEmpty() ? null : new ActiveJob.Job(JOB.name(), active.get(0));
    }

    private ExperimentRecord current(String id) {
        return jobs.find(JOB, id).orElseThrow();
    }

    private void running(String id, RunDrive drive, String runId, String cell) {
        drive.running(runId);
        update(id, x -> x.running(runId, cell));
    }

    private void update(String id, UnaryOperator<ExperimentRecord> step) {
        jobs.update(JOB, id, step);
    }

    public Optional<ExperimentRecord> find(String id) {
        return jobs.find(JOB, id);
    }

    /** Experiments in memory, newest first. */
    public List<ExperimentRecord> list() {
        return jobs.list(JOB);
    }

    /**
     * Asks the active experiment {@code id} to stop: its current run is cancelled (its partial figures kept as
     * a row) and no further cell starts. Empty when {@code id} is not the active experiment.
     */
    public Optional<CompletionStage<ExperimentRecord>> cancel(String id) {
        return jobs.cancel(JOB, id);
    }

    @PreDestroy
    void stop() {
        jobs.activeIds(JOB).forEach(id -> jobs.cancel(JOB, id));
    }
}
