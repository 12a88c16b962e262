package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.gate.GateSpec;
import io.loadlab.loadgen.job.ActiveJob;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunProgress;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Runs;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Starts a cell's run through the {@link Runs} (so the one-active-run rule, persistence and {@code /runs} apply)
 * under the experiment's claim on the active-job slot, and polls it to its end.
 */
final class RunWaiter {

    private final Runs runs;
    /** The experiment's claim on the one active-job slot, which its cells start under. */
    private final Supplier<ActiveJob.Job> owner;
    private final Duration interval;

    RunWaiter(Runs runs, Supplier<ActiveJob.Job> owner, Duration interval) {
        this.runs = runs;
        this.owner = owner;
        this.interval = interval;
    }

    /**
     * Starts the run and follows it to its end, calling {@code onProgress} every sample interval while it is live,
     * and once more as soon as its measured part of {@code duration} is over; cancels it when {@code cancelled}
     * says so or the thread is interrupted.
     */
    RunRecord runToEnd(RunSpec spec, GateSpec thresholds, Consumer<String> started, BooleanSupplier cancelled,
                       Consumer<RunProgress> onProgress, Duration duration) {
        RunRecord run = runs.start(spec, thresholds, null, owner.get()); // each cell judged (and aborted) as a run
        started.accept(run.id());
        long every = interval.toNanos();
        while (!run.state().finished()) {
            if (cancelled.getAsBoolean()) {
                runs.cancel(run.id());
            }
            Optional<LoadRun> live = runs.live(run.id());
            long sleep = every;
            if (live.isPresent() && onProgress != null) {
                RunProgress p = live.get().progress();
                onProgress.accept(p);
                long left = duration.toNanos() - (long) (p.elapsedSeconds() * 1e9);
                if (!p.warmingUp() && p.elapsedSeconds() > 0 && left > 0) {
                    sleep = Math.min(every, left);
                }
            }
            try {
                TimeUnit.NANOSECONDS.sleep(sleep);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                runs.cancel(run.id());
            }
            run = runs.find(run.id()).orElseThrow(() -> new IllegalStateException("run vanished"));
        }
        return run;
    }
}
