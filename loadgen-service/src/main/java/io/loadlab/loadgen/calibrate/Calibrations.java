package io.loadlab.loadgen.calibrate;

import io.loadlab.loadgen.job.RunDrive;
import io.loadlab.loadgen.job.ActiveJob;
import io.loadlab.loadgen.job.JobKind;
import io.loadlab.loadgen.job.JobThread;
import io.loadlab.loadgen.job.Jobs;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.run.Runs;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Calibrations as a kind of job in the {@link Jobs} registry (kept, persisted under {@code <data dir>/calibrations},
 * restored, listed, and subject to the one active-job rule like runs and experiments), and the procedure an
 * experiment with {@code calibrate: true} runs under its own claim before its cells.
 */
@Startup
@ApplicationScoped
public class Calibrations {

    static final String DIED = "the load generator stopped while this calibration was active";
    /** Finished calibrations kept in memory and on disk: they are small, and the newest is the one that matters. */
    static final int RETAIN = 20;
    public static final JobKind<CalibrationRecord, RunDrive> JOB = new JobKind<>("calibration",
            CalibrationRecord.class, RunDrive.class, "calibrations",
            (c, now) -> c.finished(RunState.FAILED, now, null, DIED));

    private final Runs runs;
    private final Jobs jobs;
    private final Clock clock;
    private final Calibrator calibrator;

    @Inject
    public Calibrations(Runs runs, Jobs jobs, Clock clock, RunKinds kinds) {
        this.runs = runs;
        this.jobs = jobs;
        this.clock = clock;
        this.calibrator = new Calibrator(runs, kinds);
        jobs.register(JOB, RETAIN, 1, null);
    }

    /**
     * Starts a calibration of {@code spec} on its own thread.
     *
     * @throws io.loadlab.loadgen.job.ActiveJobException          when a run, experiment or calibration is active
     * @throws io.loadlab.loadgen.job.DataDirUnavailableException when its record cannot be written; nothing started
     */
    public CalibrationRecord start(CalibrationSpec spec) {
        CalibrationRecord c = CalibrationRecord.started(jobs.nextId(), spec, clock.instant());
        jobs.start(JOB, c, null, record -> {
            RunDrive drive = new RunDrive(runs::cancel);
            JobThread.start(jobs, JOB, record.id(), () -> drive(record.id(), spec, drive),
                    (x, why) -> x.finished(RunState.FAILED, clock.instant(), null, why), x -> { });
            return drive;
        });
        return c;
    }

    /**
     * The calibration's body: completed with its ceiling, or cancelled with the shapes it measured in full before it
     * was asked to stop. What it throws ends it failed ({@link JobThread}).
     */
    private UnaryOperator<CalibrationRecord> drive(String id, CalibrationSpec spec, RunDrive drive) throws IOException {
        List<Measurement> m = List.of();
        try {
            m = calibrator.measure(spec, new ActiveJob.Job(JOB.name(), id), runId -> {
                drive.running(runId);
                jobs.update(JOB, id, x -> x.running(runId));
            }, drive::cancelled);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Calibration found = m.size() < Shape.values().length ? new Calibration(null, m) : full(m);
        RunState end = found.ceiling() == null ? RunState.CANCELLED : RunState.COMPLETED;
        return x -> x.finished(end, clock.instant(), found, null);
    }

    private static Calibration full(List<Measurement> m) {
        return new Calibration(Ceiling.of(Runtime.getRuntime().availableProcessors(), m), m);
    }

    /**
     * Measures the ceiling now, its runs started under {@code owner}'s claim. Null when cancelled before the last
     * shape was measured.
     */
    public Calibration calibrate(CalibrationSpec spec, ActiveJob.Job owner, Consumer<String> started,
                                 BooleanSupplier cancelled) throws IOException, InterruptedException {
        List<Measurement> m = calibrator.measure(spec, owner, started, cancelled);
        return m.size() < Shape.values().length ? null : full(m);
    }

    public Optional<CalibrationRecord> find(String id) {
        return jobs.find(JOB, id);
    }

    /** Calibrations in memory, newest first. */
    public List<CalibrationRecord> list() {
        return jobs.list(JOB);
    }

    public Optional<CompletionStage<CalibrationRecord>> cancel(String id) {
        return jobs.cancel(JOB, id);
    }

    @PreDestroy
    void stop() {
        jobs.activeIds(JOB).forEach(id -> jobs.cancel(JOB, id));
    }
}
