package io.loadlab.loadgen.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.report.Disturbance;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.LocalPorts;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.report.RunSeries;

/**
 * The figures of an HTTP run. Field names are a contract read by scripts and dashboards.
 *
 * @param requests          completed requests with a response, any status
 * @param serviceTimeMicros open model only (null otherwise): latency from the actual send, without the correction
 * @param latencyMicros     from the intended send time in the open model (coordinated-omission corrected),
 *                          from the actual send in the closed model
 * @param connectMicros     keepAlive false only (null otherwise): TCP connect times
 * @param connectionsOpened TCP connections the run opened, warm-up included
 * @param requestedRate     the open model's rate per second, 0 for a closed model
 * @param achievedRate      requests of the measured part sent, per second of its duration. In the open model a
 *                          request belongs to the phase of its intended send time and every request due before
 *                          the end is sent, late if need be, so this equals {@code requestedRate} unless all
 *                          connections were busy (the generator could not keep up); in the closed model, requests
 *                          sent during the measured part
 * @param warmupRequests    completed requests of the warm-up, left out of every other figure; a target's own
 *                          request counter, read before and after the run, rises by {@code requests + warmupRequests}
 *                          when the run had no timeout or read/write error
 * @param localPorts        keepAlive false only (null otherwise): the loadgen's ephemeral ports toward the target at
 *                          the end, in use and in TIME_WAIT
 * @param series            the measured part per second, adding up to the figures above
 * @param connectionsRequested   the spec's {@code connections}
 * @param connectionsEstablished of those, how many held an open TCP connection at least once, warm-up included.
 *                               With keep-alive every one is opened at the start; without it, in the open model,
 *                               a connection is opened only when the rate needs it, so fewer may be with no error
 * @param connectionsNeverOpened of those, how many tried to connect and never once succeeded (refused, timed out, no
 *                               socket at all: "Too many open files", or no descriptor free for it at the run's start).
 *                               Above 0 the run did less than asked: it is failed, its {@code failure} naming the count
 *                               and the first cause
 * @param disturbed         present only when the generator itself was held up past its limits while it measured
 * @param tls               https runs only (absent otherwise): handshakes, their times apart from latency, what was
 *                          agreed, and why handshakes failed
 * @param h2                HTTP/2 runs only (absent otherwise): streams asked, allowed and used; GOAWAYs; resets
 * @param mix               runs with a request mix ({@code requests} in the spec) only, absent otherwise: each named
 *                          request's own figures, in the spec's order; they add up to the totals above
 */
public record HttpReport(long requests, double durationSeconds, double requestsPerSecond, long bytesReceived,
                         long bytesSent, HttpErrors errors, LatencySummary latencyMicros,
                         LatencySummary serviceTimeMicros, LatencySummary connectMicros, long connectionsOpened,
                         double requestedRate, double achievedRate, long warmupRequests, LocalPorts localPorts,
                         RunSeries series, long connectionsRequested, long connectionsEstablished,
                         long connectionsNeverOpened, @JsonInclude(JsonInclude.Include.NON_NULL) Disturbance disturbed,
                         @JsonInclude(JsonInclude.Include.NON_NULL) TlsReport tls,
                         @JsonInclude(JsonInclude.Include.NON_NULL) H2Report h2,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) java.util.List<RequestReport> mix)
        implements RunReport {

    /** A report without a request mix: every run's but those whose spec names {@code requests}. */
    public HttpReport(long requests, double durationSeconds, double requestsPerSecond, long bytesReceived,
                      long bytesSent, HttpErrors errors, LatencySummary latencyMicros,
                      LatencySummary serviceTimeMicros, LatencySummary connectMicros, long connectionsOpened,
                      double requestedRate, double achievedRate, long warmupRequests, LocalPorts localPorts,
                      RunSeries series, long connectionsRequested, long connectionsEstablished,
                      long connectionsNeverOpened, Disturbance disturbed, TlsReport tls, H2Report h2) {
        this(requests, durationSeconds, requestsPerSecond, bytesReceived, bytesSent, errors, latencyMicros,
                serviceTimeMicros, connectMicros, connectionsOpened, requestedRate, achievedRate, warmupRequests,
                localPorts, series, connectionsRequested, connectionsEstablished, connectionsNeverOpened, disturbed,
                tls, h2, null);
    }

    /** The same report with each named request's figures; null or empty for none. */
    public HttpReport withMix(java.util.List<RequestReport> named) {
        return new HttpReport(requests, durationSeconds, requestsPerSecond, bytesReceived, bytesSent, errors,
                latencyMicros, serviceTimeMicros, connectMicros, connectionsOpened, requestedRate, achievedRate,
                warmupRequests, localPorts, series, connectionsRequested, connectionsEstablished,
                connectionsNeverOpened, disturbed, tls, h2, named);
    }

    public HttpReport {
        series = series == null ? RunSeries.EMPTY : series; // reports kept before runs had one
        mix = mix == null ? java.util.List.of() : java.util.List.copyOf(mix);
        if (connectionsRequested < 0 || connectionsEstablished < 0 || connectionsNeverOpened < 0
                || connectionsEstablished + connectionsNeverOpened > connectionsRequested) {
            throw new IllegalArgumentException("connections: " + connectionsEstablished + " established and "
                    + connectionsNeverOpened + " never opened of " + connectionsRequested + " requested");
        }
    }

    /** A report of HTTP/1.1 in clear text: no TLS, no HTTP/2. */
    public HttpReport(long requests, double durationSeconds, double requestsPerSecond, long bytesReceived,
                      long bytesSent, HttpErrors errors, LatencySummary latencyMicros,
                      LatencySummary serviceTimeMicros, LatencySummary connectMicros, long connectionsOpened,
                      double requestedRate, double achievedRate, long warmupRequests, LocalPorts localPorts,
                      RunSeries series, long connectionsRequested, long connectionsEstablished,
                      long connectionsNeverOpened, Disturbance disturbed) {
        this(requests, durationSeconds, requestsPerSecond, bytesReceived, bytesSent, errors, latencyMicros,
                serviceTimeMicros, connectMicros, connectionsOpened, requestedRate, achievedRate, warmupRequests,
                localPorts, series, connectionsRequested, connectionsEstablished, connectionsNeverOpened, disturbed,
                null, null);
    }

    /** A report without a disturbance: every undisturbed run's until {@link #withDisturbance} says otherwise. */
    public HttpReport(long requests, double durationSeconds, double requestsPerSecond, long bytesReceived,
                      long bytesSent, HttpErrors errors, LatencySummary latencyMicros,
                      LatencySummary serviceTimeMicros, LatencySummary connectMicros, long connectionsOpened,
                      double requestedRate, double achievedRate, long warmupRequests, LocalPorts localPorts,
                      RunSeries series, long connectionsRequested, long connectionsEstablished,
                      long connectionsNeverOpened) {
        this(requests, durationSeconds, requestsPerSecond, bytesReceived, bytesSent, errors, latencyMicros,
                serviceTimeMicros, connectMicros, connectionsOpened, requestedRate, achievedRate, warmupRequests,
                localPorts, series, connectionsRequested, connectionsEstablished, connectionsNeverOpened, null);
    }

    /**
     * A report without the connections' accounting or a disturbance: what runs before issue 22 wrote (the three
     * counts read 0).
     */
    public HttpReport(long requests, double durationSeconds, double requestsPerSecond, long bytesReceived,
                      long bytesSent, HttpErrors errors, LatencySummary latencyMicros,
                      LatencySummary serviceTimeMicros, LatencySummary connectMicros, long connectionsOpened,
                      double requestedRate, double achievedRate, long warmupRequests, LocalPorts localPorts,
                      RunSeries series) {
        this(requests, durationSeconds, requestsPerSecond, bytesReceived, bytesSent, errors, latencyMicros,
                serviceTimeMicros, connectMicros, connectionsOpened, requestedRate, achievedRate, warmupRequests,
                localPorts, series, 0, 0, 0, null);
    }

    /** A report without the ports' count or a per-second series: what runs before them wrote. */
    public HttpReport(long requests, double durationSeconds, double requestsPerSecond, long bytesReceived,
                      long bytesSent, HttpErrors errors, LatencySummary latencyMicros,
                      LatencySummary serviceTimeMicros, LatencySummary connectMicros, long connectionsOpened,
                      double requestedRate, double achievedRate, long warmupRequests) {
        this(requests, durationSeconds, requestsPerSecond, bytesReceived, bytesSent, errors, latencyMicros,
                serviceTimeMicros, connectMicros, connectionsOpened, requestedRate, achievedRate, warmupRequests, null,
                RunSeries.EMPTY);
    }

    /** The same report with the ports counted at its end. */
    public HttpReport withLocalPorts(LocalPorts ports) {
        return new HttpReport(requests, durationSeconds, requestsPerSecond, bytesReceived, bytesSent, errors,
                latencyMicros, serviceTimeMicros, connectMicros, connectionsOpened, requestedRate, achievedRate,
                warmupRequests, ports, series, connectionsRequested, connectionsEstablished, connectionsNeverOpened,
                disturbed, tls, h2, mix);
    }

    /** The same report saying how the generator was held up; null for not. */
    public HttpReport withDisturbance(Disturbance d) {
        return new HttpReport(requests, durationSeconds, requestsPerSecond, bytesReceived, bytesSent, errors,
                latencyMicros, serviceTimeMicros, connectMicros, connectionsOpened, requestedRate, achievedRate,
                warmupRequests, localPorts, series, connectionsRequested, connectionsEstablished,
                connectionsNeverOpened, d, tls, h2, mix);
    }

    /** The same report with what TLS and HTTP/2 did; null for a part the run did not speak. */
    public HttpReport withProtocol(TlsReport tlsReport, H2Report h2Report) {
        return new HttpReport(requests, durationSeconds, requestsPerSecond, bytesReceived, bytesSent, errors,
                latencyMicros, serviceTimeMicros, connectMicros, connectionsOpened, requestedRate, achievedRate,
                warmupRequests, localPorts, series, connectionsRequested, connectionsEstablished,
                connectionsNeverOpened, disturbed, tlsReport, h2Report, mix);
    }

    /** A report without warm-up figures, as the contract first stood. */
    public HttpReport(long requests, double durationSeconds, double requestsPerSecond, long bytesReceived,
                      long bytesSent, HttpErrors errors, LatencySummary latencyMicros,
                      LatencySummary serviceTimeMicros, LatencySummary connectMicros, long connectionsOpened,
                      double requestedRate, double achievedRate) {
        this(requests, durationSeconds, requestsPerSecond, bytesReceived, bytesSent, errors, latencyMicros,
                serviceTimeMicros, connectMicros, connectionsOpened, requestedRate, achievedRate, 0);
    }
}
