package io.loadlab.loadgen.report;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One second of a run's measured part (the first and last may be partial: see the engine's MeasuredSeries). Latencies in microseconds, from the same clock as the run's report
 * (intended send time in the open model). For UDP runs {@code requests} counts messages sent and the latencies are
 * round trips where the kind measures them; {@code lost} is null where the kind does not count losses.
 *
 * @param second   0-based: the run's second {@code floor(warmup) + second}
 * @param requests completed in that second (HTTP) or messages sent (UDP)
 * @param errors   errors of every kind in that second
 * @param handshakes TLS handshakes completed in that second; absent (null) for a run without TLS
 */
public record SeriesPoint(int second, long requests, long errors, double p50Micros, double p99Micros, double maxMicros,
                          Long lost, @JsonInclude(JsonInclude.Include.NON_NULL) Long handshakes) {

    /** A point of a run without TLS. */
    public SeriesPoint(int second, long requests, long errors, double p50Micros, double p99Micros, double maxMicros,
                       Long lost) {
        this(second, requests, errors, p50Micros, p99Micros, maxMicros, lost, null);
    }

    public SeriesPoint {
        if (second < 0 || requests < 0 || errors < 0 || p50Micros < 0 || p99Micros < p50Micros || maxMicros < p99Micros
                || (lost != null && lost < 0) || (handshakes != null && handshakes < 0)) {
            throw new IllegalArgumentException("second, counts and latencies must be >= 0 and p50 <= p99 <= max: "
                    + second + " " + requests + " " + errors + " " + p50Micros + " " + p99Micros + " " + maxMicros
                    + " " + lost);
        }
    }
}
