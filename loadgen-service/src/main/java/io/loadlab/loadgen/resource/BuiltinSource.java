package io.loadlab.loadgen.resource;

import io.loadlab.loadgen.scrape.Scraper;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Our target's own meters, read from its {@code metrics} endpoint ({@code /q/metrics}) at every sample tick of the
 * measured part: its CPU time, and the {@code target_cpu_*} meters for run-queue wait, CFS throttling and quota.
 * Every figure is a difference between the first and the last reading, over the nano-clock time between them (the
 * readings' own times, closer to the counters than the window's wall-clock edges). No network figure: the target
 * exports no byte counter.
 */
public final class BuiltinSource implements ResourceSource {

    static final String NO_NETWORK = "the target's own metrics have no network counter";

    private final URI metrics;
    private final Scraper scraper;
    private final Duration timeout;
    private final LongSupplier nanos;

    /**
     * @param timeout one scrape's whole exchange ({@code loadgen.experiments.scrape-timeout})
     * @param nanos   the nano clock the readings are timed by
     */
    public BuiltinSource(URI metrics, Scraper scraper, Duration timeout, LongSupplier nanos) {
        this.metrics = metrics;
        this.scraper = scraper;
        this.timeout = timeout;
        this.nanos = nanos;
    }

    @Override
    public String describe() {
        return ResourceSpec.BUILTIN;
    }

    /** Nothing to check before the load: the url was validated, and a target that does not answer shows per cell. */
    @Override
    public List<String> check(String field, Duration cellDuration) {
        return List.of();
    }

    @Override
    public ResourceWindow open() {
        return new Window();
    }

    private final class Window implements ResourceWindow {
        private final List<BuiltinReading> readings = new ArrayList<>();
        private String lastError;
        private int tries;

        @Override
        public void tick() {
            tries++;
            try {
                readings.add(BuiltinReading.parse(scraper.fetch(metrics, timeout), nanos.getAsLong()));
            } catch (IOException | RuntimeException e) {
                lastError = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
            }
        }

        @Override
        public ResourceFigures close(Instant start, Instant end) {
            return BuiltinFigures.of(readings, tries, metrics, lastError);
        }
    }
}
