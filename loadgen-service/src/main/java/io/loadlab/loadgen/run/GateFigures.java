package io.loadlab.loadgen.run;

import io.loadlab.loadgen.report.LatencySummary;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Builds a kind's figures for thresholds ({@link RunKind#gateFigures}) with the names every kind shares:
 * latency in milliseconds from the report's microseconds, and errors with their rate. A figure that was not measured
 * is left out (never 0), so a threshold on it fails with {@code actual: null}.
 */
public final class GateFigures {

    /** Latency figures, in milliseconds. */
    public static final Set<String> LATENCY = Set.of("p50Millis", "p90Millis", "p99Millis", "p999Millis", "maxMillis",
            "meanMillis");
    /** Counts and their rate: also what a running run's progress gives. */
    public static final Set<String> ERRORS = Set.of("requests", "errors", "errorRate");
    /** A request-driven run's pace: its rate, the open model's share of the rate asked, and whether to trust them. */
    public static final Set<String> PACE = Set.of("requestsPerSecond", "achievedRateRatio", "trustworthy");

    private final Map<String, Double> figures = new LinkedHashMap<>();

    public GateFigures put(String name, double value) {
        if (Double.isFinite(value)) {
            figures.put(name, value);
        }
        return this;
    }

    /** {@code name} when it was measured (not null). */
    public GateFigures put(String name, Number value) {
        return value == null ? this : put(name, value.doubleValue());
    }

    /** {@link #LATENCY} from {@code micros}, when it holds at least one value. */
    public GateFigures latency(LatencySummary micros) {
        return latency("", micros);
    }

    /** As {@link #latency(LatencySummary)}, named {@code prefix} + {@code P99Millis} ({@code tlsHandshakeP99Millis}). */
    public GateFigures latency(String prefix, LatencySummary micros) {
        if (micros == null || micros.count() == 0) {
            return this;
        }
        put(name(prefix, "p50Millis"), millis(micros.p50()));
        put(name(prefix, "p90Millis"), millis(micros.p90()));
        put(name(prefix, "p99Millis"), millis(micros.p99()));
        put(name(prefix, "p999Millis"), millis(micros.p999()));
        put(name(prefix, "maxMillis"), millis(micros.max()));
        return put(name(prefix, "meanMillis"), millis(micros.mean()));
    }

    /** {@link #ERRORS} from a run's live progress of the measured part: what {@code abortOnFail} judges. */
    public static Map<String, Double> liveErrors(RunProgress progress) {
        return new GateFigures().errors(progress.requests(), progress.errors()).map();
    }

    /** {@link #ERRORS}: {@code errorRate} is errors over answered requests and errors, absent when there were none. */
    public GateFigures errors(long requests, long errors) {
        put("requests", requests);
        put("errors", errors);
        return requests + errors == 0 ? this : put("errorRate", (double) errors / (requests + errors));
    }

    public Map<String, Double> map() {
        return Map.copyOf(figures);
    }

    /** Decimal, so 1564475.4 µs reads 1564.4754 ms, not 1564.4753999999998. */
    private static double millis(double micros) {
        return Double.isFinite(micros) ? BigDecimal.valueOf(micros).movePointLeft(3).doubleValue() : micros;
    }

    private static String name(String prefix, String figure) {
        return prefix.isEmpty() ? figure : prefix + Character.toUpperCase(figure.charAt(0)) + figure.substring(1);
    }
}
