package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.job.LiveJob;

import java.util.function.Consumer;

/**
 * The live side of the one experiment running: the run now driving its load and whether it was asked to stop.
 * Cancelling stops that run (its partial figures are kept as a row) and lets no further cell start.
 */
final class ExperimentDrive implements LiveJob {

    private final Consumer<String> cancelRun;
    /** Guarded by {@code this}. */
    private String run;
    private boolean cancelled;

    /** @param cancelRun asks a run, by id, to stop */
    ExperimentDrive(Consumer<String> cancelRun) {
        this.cancelRun = cancelRun;
    }

    synchronized void running(String runId) {
        run = runId;
    }

    synchronized boolean cancelled() {
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
