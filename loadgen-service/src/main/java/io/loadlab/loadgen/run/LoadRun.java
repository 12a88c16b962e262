package io.loadlab.loadgen.run;

import io.loadlab.loadgen.job.LiveJob;

import io.loadlab.loadgen.engine.IntervalSeries;

import java.util.concurrent.CompletionStage;

/**
 * A run in flight. HTTP and UDP runs implement this one lifecycle, so the registry, the API,
 * persistence and metrics never branch on the transport. Implementations are thread-safe.
 */
public interface LoadRun extends LiveJob {

    /** Live figures; cheap enough to call several times a second from any thread. */
    RunProgress progress();

    /**
     * The run's one-second intervals so far (histograms and counters; the last one closed when the run completes),
     * or null for a run that keeps none.
     */
    default IntervalSeries intervals() {
        return null;
    }

    /** Asks the run to stop early. {@link #done()} then completes with the partial report. Idempotent. */
    @Override
    void cancel();

    /**
     * Completes once the run has stopped, by reaching its duration or by {@link #cancel()}.
     * Never completes exceptionally: a failure is carried in {@link RunOutcome#failure()}.
     */
    CompletionStage<RunOutcome> done();
}
