package io.loadlab.loadgen.run;

import io.loadlab.loadgen.job.ActiveJob;
import io.loadlab.loadgen.job.JobKind;
import io.loadlab.loadgen.job.JobLaunchException;
import io.loadlab.loadgen.job.Jobs;
import io.loadlab.loadgen.gate.GateSpec;
import io.quarkus.arc.All;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Runs as a kind of job: starts each through the {@link RunKind} its spec names ({@link RunKinds}), in the {@link Jobs}
 * registry, and records its outcome there when it stops. The registry keeps, persists, restores and lists them,
 * and holds the one-active-job rule; a run found running at startup is recorded as failed ({@link #DIED}).
 */
@Startup
@ApplicationScoped
public class Runs {

    static final String DIED = "the load generator stopped while this run was active; no report was kept";
    /** Runs in the registry: one JSON file each, in the data dir itself (where they were before experiments). */
    public static final JobKind<RunRecord, LoadRun> JOB = new JobKind<>("run", RunRecord.class, LoadRun.class, "",
            (run, now) -> RunJudge.unmeasured(run.finished(RunState.FAILED, now, null, null, DIED)));
    private static final Logger LOG = Logger.getLogger(Runs.class);

    private final RunKinds kinds;
    private final Jobs jobs;
    private final Clock clock;
    private final List<RunListener> listeners;
    private final RunJudge judge;
    private final AbortWatch aborts;

    /** Runs judged by {@code kinds} with no abort watch (tests). */
    public Runs(RunKinds kinds, Jobs jobs, Clock clock, RunsConfig config, List<RunListener> listeners) {
        this(kinds, jobs, clock, config, listeners, new RunJudge(kinds), null);
    }

    @Inject
    public Runs(RunKinds kinds, Jobs jobs, Clock clock, RunsConfig config,
                @All List<RunListener> listeners, RunJudge judge, AbortWatch aborts) {
        this.judge = judge;
        this.aborts = aborts;
        this.kinds = kinds;
        this.jobs = jobs;
        this.clock = clock;
        this.listeners = List.copyOf(listeners);
        jobs.register(JOB, config.retain(), config.maxActive(), "loadgen.runs.max-active");
    }

    /**
     * Starts a run of {@code spec}, which the caller has validated and guarded, as a job of its own.
     *
     * @throws io.loadlab.loadgen.job.ActiveJobException          when another job is active, or
     *                                                            {@code loadgen.runs.max-active} runs are
     * @throws NoDriverException                                  when no kind of the spec's name is installed
     * @throws io.loadlab.loadgen.job.DataDirUnavailableException when the run's record cannot be written;
     *                                                            nothing was started
     */
    public RunRecord start(RunSpec spec) {
        return start(spec, null);
    }

    /**
     * Starts a run of {@code spec} as part of {@code owner}, which holds the {@link ActiveJob} slot (an
     * experiment running its cells); with a null owner the run claims the slot itself.
     *
     * @throws io.loadlab.loadgen.job.ActiveJobException when {@code owner} does not hold the slot, or (no owner)
     *                                                   another job does
     */
    public RunRecord start(RunSpec spec, ActiveJob.Job owner) {
        return start(spec, null, null, owner);
    }

    /**
     * Fails with the 409's exception when a run would be refused the slot now, starting nothing: called before a spec
     * is read, since reading one may read data files (a refused POST read them all first, and the active run's p99
     * went from 3.7 to 54.6 ms, issue 42). {@link #start} still claims the slot itself.
     */
    public void requireRoom() {
        jobs.requireRoom(JOB);
    }

    /**
     * As {@link #start(RunSpec, ActiveJob.Job)}, judged when it ends against {@code thresholds} and compared with
     * {@code baseline} (either may be null), and stopped early when a threshold with {@code abortOnFail} fails.
     */
    public synchronized RunRecord start(RunSpec spec, GateSpec thresholds, String baseline, ActiveJob.Job owner) {
        RunKind<?, ?> kind = kinds.named(spec.kind()).orElseThrow(() -> new NoDriverException(spec.kind()));
        String id = jobs.nextId();
        List<RunRecord> built = new ArrayList<>(1); // the record Jobs stamped under its lock
        LoadRun live;
        try {
            live = jobs.start(JOB, id, now -> {
                RunRecord r = RunRecord.queued(id, spec, now).judgedBy(thresholds, baseline).running(now);
                built.add(r);
                return r;
            }, owner, r -> kind.launch(spec));
        } catch (JobLaunchException e) {
            RunRecord run = built.get(0);
            LOG.errorf(e.getCause(), "Run %s failed to start", run.id());
            RunRecord failed = run.finished(RunState.FAILED, clock.instant(), null, null,
                    "failed to start: " + e.getMessage());
            jobs.record(JOB, RunJudge.unmeasured(failed));
            return jobs.find(JOB, id).orElse(failed);
        }
        RunRecord run = built.get(0);
        for (RunListener l : listeners) {
            l.started(run, live);
        }
        if (aborts != null) {
            aborts.watch(run, live);
        }
        live.done().whenComplete((outcome, error) -> finish(id, live, outcome, error));
        return jobs.find(JOB, id).orElseThrow();
    }

    /**
     * Under this bean's lock so that a run ending at once is not told to listeners before its start. Ending is
     * unconditional: a progress, an outcome or a listener that throws is logged and the run still ends, failed when
     * its outcome could not be recorded. A progress that threw once kept a run's slot until restart (issue 22).
     */
    private synchronized void finish(String id, LoadRun live, RunOutcome outcome, Throwable error) {
        RunProgress last;
        try {
            last = live.progress();
        } catch (RuntimeException e) {
            LOG.errorf(e, "Run %s: its last progress could not be read", id);
            last = null;
        }
        RunProgress lastSeen = last;
        jobs.end(JOB, id, run -> {
            try {
                return ended(run, outcome, error);
            } catch (RuntimeException e) {
                LOG.errorf(e, "Run %s: its outcome could not be recorded", id);
                return run.finished(RunState.FAILED, clock.instant(), null, null, "its outcome could not be recorded: " + e);
            }
        }, run -> listeners.forEach(l -> {
            try {
                l.finished(run, lastSeen);
            } catch (RuntimeException e) {
                LOG.errorf(e, "Run %s: a listener failed on its end", id);
            }
        }));
    }

    private RunRecord ended(RunRecord run, RunOutcome outcome, Throwable error) {
        Abort abort = aborts == null ? null : aborts.take(run.id()).orElse(null);
        if (error != null || outcome == null) {
            String why = error == null ? "the driver ended without an outcome" : "driver error: " + error;
            return judge.judged(run.finished(RunState.FAILED, clock.instant(), null, null, why), null);
        }
        // an abort stopped the load as a cancel does, but the run did not end as asked: failed, saying by what
        RunState end = outcome.failure() != null || abort != null ? RunState.FAILED
                : outcome.cancelled() ? RunState.CANCELLED : RunState.COMPLETED;
        String failure = abort != null ? abort.failure() + (outcome.failure() == null ? "" : "; " + outcome.failure())
                : outcome.failure();
        return judge.judged(run.finished(end, clock.instant(), outcome.report(), outcome.histogram(), failure), abort);
    }

    public Optional<RunRecord> find(String id) {
        return jobs.find(JOB, id);
    }

    /** The live run behind {@code id}, while it is active. */
    public Optional<LoadRun> live(String id) {
        return jobs.live(JOB, id);
    }

    /**
     * Asks the active run {@code id} to stop; the returned stage completes with its final record
     * (state cancelled, partial report) once it has stopped. Empty when the run is not active.
     */
    public Optional<CompletionStage<RunRecord>> cancel(String id) {
        return jobs.cancel(JOB, id);
    }

    /** Runs in memory, newest first. */
    public List<RunRecord> list() {
        return jobs.list(JOB);
    }

    /** Runs stored on disk (or waiting to be), the ones {@link #list} shows and the older ones readable by id. */
    public int stored() {
        return jobs.stored(JOB);
    }

    public List<String> activeIds() {
        return jobs.activeIds(JOB);
    }
}
