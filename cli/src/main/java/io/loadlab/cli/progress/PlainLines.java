package io.loadlab.cli.progress;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.PrintStream;
import java.util.function.LongSupplier;

/**
 * Progress for a log that is not a terminal (a CI job's): a whole line at most once per {@code period} of the
 * injected clock, and one whenever the state changes, so a 10 s run writes about 10 lines, not one per poll.
 */
public final class PlainLines implements ProgressView {

    private final PrintStream out;
    private final LongSupplier nanoTime;
    private final long periodNanos;
    private long last;
    private String lastState;

    public PlainLines(PrintStream out, LongSupplier nanoTime, long periodNanos) {
        this.out = out;
        this.nanoTime = nanoTime;
        this.periodNanos = periodNanos;
    }

    @Override
    public void update(JsonNode job) {
        long now = nanoTime.getAsLong();
        String state = job.path("state").asText("?");
        if (lastState != null && state.equals(lastState) && now - last < periodNanos) {
            return;
        }
        last = now;
        lastState = state;
        out.println(RunLine.of(job));
        out.flush();
    }

    @Override
    public void finish() {
    }
}
