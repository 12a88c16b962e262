package io.loadlab.loadgen.calibrate;

import io.loadlab.loadgen.job.LiveJob;

import java.util.function.Consumer;

/** The live side of a calibration: the run now driving load and whether it was asked to stop. */
final class CalibrationDrive implements LiveJob {

    private final Consumer<String> cancelRun;
    /** Guarded by {@code this}. */
    private String run;
    private boolean cancelled;

    CalibrationDrive(Consumer<String> cancelRun) {
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
