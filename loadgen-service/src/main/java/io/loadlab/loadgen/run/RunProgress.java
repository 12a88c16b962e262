package io.loadlab.loadgen.run;

import io.loadlab.loadgen.report.LatencySummary;

/**
 * A live snapshot of a run. Counts are cumulative over the measured part (warm-up excluded);
 * {@code requests} counts requests (HTTP) or messages sent (UDP).
 *
 * @param elapsedSeconds  measured time so far, 0 while warming up
 * @param warmingUp       true while the warm-up is being driven
 * @param requests        completed requests with a response (HTTP) or messages sent (UDP)
 * @param currentRate     completions per second over the last interval
 * @param errors          all errors so far, of every kind
 * @param bytesSent       bytes written so far
 * @param bytesReceived   bytes read so far
 * @param activeConnections open connections (HTTP) or sockets (UDP) now
 * @param requestedRate   the open model's target rate per second, 0 for a closed model
 * @param intervalLatency latency over the last interval, null before the first sample
 * @param tlsHandshakes   TLS handshakes completed in the measured part; 0 for a run without TLS
 * @param intervalHandshakes TLS handshake times over the last interval (warm-up or not), apart from latency; null
 *                        when none completed in it or the run speaks no TLS
 */
public record RunProgress(double elapsedSeconds, boolean warmingUp, long requests, double currentRate, long errors,
                          long bytesSent, long bytesReceived, int activeConnections, double requestedRate,
                          LatencySummary intervalLatency, long tlsHandshakes, LatencySummary intervalHandshakes) {

    /** Progress of a run without TLS. */
    public RunProgress(double elapsedSeconds, boolean warmingUp, long requests, double currentRate, long errors,
                       long bytesSent, long bytesReceived, int activeConnections, double requestedRate,
                       LatencySummary intervalLatency) {
        this(elapsedSeconds, warmingUp, requests, currentRate, errors, bytesSent, bytesReceived, activeConnections,
                requestedRate, intervalLatency, 0, null);
    }

    public static RunProgress idle() {
        return new RunProgress(0, false, 0, 0, 0, 0, 0, 0, 0, null);
    }
}
