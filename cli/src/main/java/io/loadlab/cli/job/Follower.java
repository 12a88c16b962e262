package io.loadlab.cli.job;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.cli.api.ApiException;
import io.loadlab.cli.api.LoadgenClient;
import io.loadlab.cli.progress.ProgressView;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Polls a job until it has finished, feeding each answer to a view. A 429 (the loadgen's read limit) or a call that
 * fails is tried again, for at most {@code patience} without one good answer: a loadgen restarting under a run loses
 * it anyway (it is recorded failed), and a CI job must not hang on a gone server.
 */
public final class Follower {

    private final LoadgenClient client;
    private final Duration every;
    private final Duration patience;
    private final LongSupplier nanoTime;

    public Follower(LoadgenClient client, Duration every, Duration patience, LongSupplier nanoTime) {
        this.client = client;
        this.every = every;
        this.patience = patience;
        this.nanoTime = nanoTime;
    }

    /** The job's JSON once its state is {@code completed}, {@code failed} or {@code cancelled}. */
    public JsonNode until(String path, ProgressView view) throws ApiException, InterruptedException {
        long lastGood = nanoTime.getAsLong();
        while (true) {
            JsonNode job;
            try {
                job = client.json(path);
                lastGood = nanoTime.getAsLong();
            } catch (ApiException e) {
                boolean retryable = e.status() == 0 || e.status() == 429 || e.status() >= 500;
                if (!retryable || nanoTime.getAsLong() - lastGood > patience.toNanos()) {
                    throw e;
                }
                Thread.sleep(every.toMillis());
                continue;
            }
            view.update(job);
            if (finished(job.path("state").asText(""))) {
                view.finish();
                return job;
            }
            Thread.sleep(every.toMillis());
        }
    }

    static boolean finished(String state) {
        return state.equals("completed") || state.equals("failed") || state.equals("cancelled");
    }
}
