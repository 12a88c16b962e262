package io.loadlab.loadgen.run;

import io.loadlab.loadgen.report.RunReport;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A run that ended before it started (a name that does not resolve, a socket that cannot open): the
 * registry records its outcome like any other, so drivers never throw for a bad target.
 */
public final class FinishedRun implements LoadRun {

    private final CompletionStage<RunOutcome> outcome;

    private FinishedRun(RunOutcome outcome) {
        this.outcome = CompletableFuture.completedFuture(outcome);
    }

    /** A run already failed with {@code why}; {@code report} may be an empty report or null. */
    public static LoadRun failed(RunReport report, String why) {
        return new FinishedRun(new RunOutcome(report, null, false, why));
    }

    @Override
    public RunProgress progress() {
        return RunProgress.idle();
    }

    @Override
    public void cancel() {
        // nothing runs
    }

    @Override
    public CompletionStage<RunOutcome> done() {
        return outcome;
    }
}
