package io.loadlab.loadgen.job;

import java.util.function.Consumer;

/**
 * The live side of a job that drives its load through runs, one at a time (an experiment's cells, a calibration's
 * shapes): the run now driving and whether the job was asked to stop. Cancelling stops that run (its partial
 * figures are kept) and lets no further run start.
 */
public final class RunDrive implements LiveJob {

    private final Consumer<String> cancelRun;
    /** Guarded by {@code this}. */
    private String run;
    private boolean cancelled;

    /** @param cancelRun asks a run, by id, to stop */
    public RunDrive(Consumer<String> cancelRun) {
        this.cancelRun = cancelRun;
    }

    public synchronized void running(String runId) {
        run = runId;
    }

    public synchronized boolean cancelled() {
        return cancelled;
    }

    @Override
    public void cancel() {
        String current;
        synchronized (this) {
            cancelled = true;
            current = run;
        }
        if (current != null) {
            cancelRun.accept(current);
        }
    }
}
