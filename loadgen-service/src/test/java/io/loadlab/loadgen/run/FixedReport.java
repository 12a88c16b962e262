package io.loadlab.loadgen.run;

import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunReport;

import java.util.Objects;

/**
 * What a test-only {@code fixed} run reports: its requests over its seconds and their latency. Its own record, not
 * {@code HttpReport}: Jackson names each report class once, so sharing it tagged the http kind's reports
 * {@code "kind":"fixed"} in the test app ({@link KindTypes#requireDistinct} now refuses that).
 */
public record FixedReport(long requests, double durationSeconds, LatencySummary latencyMicros) implements RunReport {

    public FixedReport {
        if (requests < 0 || durationSeconds < 0) {
            throw new IllegalArgumentException("requests and durationSeconds must be >= 0: " + requests + " " + durationSeconds);
        }
        Objects.requireNonNull(latencyMicros, "latencyMicros");
    }
}
