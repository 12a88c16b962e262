package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One row of an experiment's table: one run of one variant against one target. Rates per second,
 * MB = 10^6 bytes (so MB/s x 8 = Mbit/s, comparable with {@code linkMbps}), latencies in milliseconds.
 *
 * @param runId    the ordinary run behind the row, under {@code /runs/{runId}}
 * @param runState how that run ended; a row of a run that did not complete has no verdict worth trusting
 * @param agents   the agents the cell ran on; null for a cell this loadgen drove alone
 * @param protocol the label of the experiment's {@code protocols} entry the cell spoke; null (absent) without the axis
 * @param mix      a variant with a request mix: each name's share (0..1) of the cell's measured requests, in the mix's
 *                 order; null (absent) otherwise. The row's other figures are the run's totals over every name
 */
public record CellResult(String target, int cores, String variant, String runId, String runState,
                         double requestsPerSecond, double mbPerSecond, double p50Millis, double p99Millis,
                         long errors, double errorRate, double requestedRate, double achievedRate, Verdict verdict,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Integer agents,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String protocol,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Double> mix) {

    public CellResult {
        mix = mix == null || mix.isEmpty() ? null : Collections.unmodifiableMap(new LinkedHashMap<>(mix));
    }

    /** A cell of a variant without a request mix. */
    public CellResult(String target, int cores, String variant, String runId, String runState,
                      double requestsPerSecond, double mbPerSecond, double p50Millis, double p99Millis,
                      long errors, double errorRate, double requestedRate, double achievedRate, Verdict verdict,
                      Integer agents, String protocol) {
        this(target, cores, variant, runId, runState, requestsPerSecond, mbPerSecond, p50Millis, p99Millis, errors,
                errorRate, requestedRate, achievedRate, verdict, agents, protocol, null);
    }

    /** Each name's share of {@code byName}'s total; null for none or a total of 0 (no share to say). */
    static Map<String, Double> shares(Map<String, Long> byName) {
        long total = byName == null ? 0 : byName.values().stream().mapToLong(Long::longValue).sum();
        if (total == 0) {
            return null;
        }
        Map<String, Double> out = new LinkedHashMap<>();
        byName.forEach((name, n) -> out.put(name, (double) n / total));
        return out;
    }

    /** A cell of an experiment without a {@code protocols} axis. */
    public CellResult(String target, int cores, String variant, String runId, String runState,
                      double requestsPerSecond, double mbPerSecond, double p50Millis, double p99Millis,
                      long errors, double errorRate, double requestedRate, double achievedRate, Verdict verdict,
                      Integer agents) {
        this(target, cores, variant, runId, runState, requestsPerSecond, mbPerSecond, p50Millis, p99Millis, errors,
                errorRate, requestedRate, achievedRate, verdict, agents, null);
    }

    /** A cell this loadgen drove alone. */
    public CellResult(String target, int cores, String variant, String runId, String runState,
                      double requestsPerSecond, double mbPerSecond, double p50Millis, double p99Millis,
                      long errors, double errorRate, double requestedRate, double achievedRate, Verdict verdict) {
        this(target, cores, variant, runId, runState, requestsPerSecond, mbPerSecond, p50Millis, p99Millis, errors,
                errorRate, requestedRate, achievedRate, verdict, null);
    }
}
