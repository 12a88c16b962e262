package io.loadlab.loadgen.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunSeries;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One named request of a mix, as the run's totals are counted: answered requests, errors by cause, bytes and
 * latencies, of the measured part; its warm-up's answers apart. Every request of the run is counted under exactly
 * one name, so the names' figures add up to the totals (a connection's own failures, with no request begun, count
 * in the totals alone).
 *
 * @param name              the spec's name
 * @param weight            the spec's weight
 * @param requests          answered requests, any status
 * @param sent              requests of the measured part written (in the open model, by intended time)
 * @param warmupRequests    answered requests of the warm-up
 * @param latencyMicros     as the run's: from the intended send in the open model
 * @param latencyHistogram  the measured latencies, HdrHistogram's compressed base64 (nanoseconds), for an exact merge
 *                          over agents; null when nothing was measured
 * @param series            this name's measured part per second
 */
public record RequestReport(String name, int weight, long requests, double requestsPerSecond, long sent,
                            long warmupRequests, long bytesReceived, long bytesSent, HttpErrors errors,
                            LatencySummary latencyMicros,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String latencyHistogram,
                            RunSeries series) {

    public RequestReport {
        series = series == null ? RunSeries.EMPTY : series;
        errors = errors == null ? new HttpErrors(0, 0, 0, 0, 0) : errors;
    }

    /** Each name's measured requests, in the mix's order: what an experiment's row shows of a mix. */
    public static Map<String, Long> requestsByName(List<RequestReport> mix) {
        Map<String, Long> out = new LinkedHashMap<>();
        mix.forEach(r -> out.put(r.name(), r.requests()));
        return out;
    }
}
