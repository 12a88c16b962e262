package io.loadlab.loadgen.run;

import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.LatencySummary;
import jakarta.inject.Singleton;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * The test-only {@code fixed} kind: its JSON, and runs of 1000 requests per second of 1..2 ms, figures derived from the
 * elapsed time, so a cancelled run reports a smaller, partial count; no text layout, meters or cell figures.
 */
@Singleton
public class FixedKind extends RunKind<FixedSpec, FixedReport> {

    public static final int RATE = 1000;

    @Override
    protected LoadRun start(FixedSpec spec) {
        return new Fixed(spec);
    }

    /** The figures of {@code elapsed} at {@link #RATE}, as a report and a nanosecond histogram. */
    public static RunOutcome outcome(Duration elapsed, boolean cancelled, String failure) {
        long requests = elapsed.toMillis() * RATE / 1000;
        Histogram h = new Histogram(3);
        for (long i = 0; i < requests; i++) {
            h.recordValue(1_000_000 + (i % 1000) * 1_000);
        }
        double seconds = elapsed.toMillis() / 1000.0;
        FixedReport report = new FixedReport(requests, seconds, LatencySummary.ofNanos(h));
        return new RunOutcome(report, requests > 0 ? HistogramCodec.encode(h) : null, cancelled, failure);
    }

    private static final class Fixed implements LoadRun {
        private final FixedSpec spec;
        private final long startNanos = System.nanoTime();
        private final CompletableFuture<RunOutcome> done = new CompletableFuture<>();

        Fixed(FixedSpec spec) {
            this.spec = spec;
            CompletableFuture.delayedExecutor(spec.duration().toMillis(), TimeUnit.MILLISECONDS)
                    .execute(() -> done.complete(outcome(spec.duration(), false, spec.failure())));
        }

        private Duration elapsed() {
            Duration d = Duration.ofNanos(System.nanoTime() - startNanos);
            return d.compareTo(spec.duration()) > 0 ? spec.duration() : d;
        }

        @Override
        public RunProgress progress() {
            long requests = elapsed().toMillis() * RATE / 1000;
            return new RunProgress(elapsed().toMillis() / 1000.0, false, requests, RATE, 0, requests * 50,
                    requests * 100, 2, 0, LatencySummary.EMPTY);
        }

        @Override
        public void cancel() {
            done.complete(outcome(elapsed(), true, null));
        }

        @Override
        public CompletionStage<RunOutcome> done() {
            return done;
        }
    }

    public FixedKind() {
        super(FixedSpec.KIND, FixedSpec.class, FixedReport.class);
    }

    @Override
    public FixedSpec read(JsonFields f) {
        var target = f.uri("target");
        Duration duration = f.duration("duration", Duration.ofSeconds(1));
        Duration warmup = f.duration("warmup", Duration.ZERO);
        String failure = f.text("failure", null);
        return f.build(() -> new FixedSpec(target, duration, warmup, failure));
    }
}
