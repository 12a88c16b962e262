package io.loadlab.loadgen.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.SortedMaps;

import java.util.Map;

/**
 * What TLS cost and agreed in a run's measured part. Handshake times are apart from request latency: a request's
 * latency starts when it is written, after its connection's handshake.
 *
 * @param handshakes      handshakes completed
 * @param resumed         of those, how many resumed a session (an abbreviated handshake)
 * @param handshakeMicros from the TCP connection's establishment to the handshake's completion
 * @param protocol        the application protocol agreed by ALPN ({@code h2}, {@code http/1.1}); null when none was
 * @param version         the TLS version agreed ({@code TLSv1.3}); null when no handshake completed
 * @param cipher          the cipher suite agreed; null when no handshake completed
 * @param failures        handshakes that failed: the report's {@code errors.tls}
 * @param failureReasons  failures by reason ("certificate expired", "no subject alternative name matches
 *                        'localhost'", "server did not agree to h2 by ALPN"), at most {@link #MAX_REASONS} reasons of
 *                        at most {@link ConnectionCounts#MAX_ERROR_CHARS} characters, the rest counted as "other"
 * @param provider        the TLS provider that ran: {@code openssl} (BoringSSL) or {@code jdk}; absent from runs that
 *                        never started and from reports kept before it was reported
 */
public record TlsReport(long handshakes, long resumed, LatencySummary handshakeMicros, String protocol,
                        String version, String cipher, long failures, Map<String, Long> failureReasons,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String provider) {

    /** Before the provider is known. */
    public TlsReport(long handshakes, long resumed, LatencySummary handshakeMicros, String protocol, String version,
                     String cipher, long failures, Map<String, Long> failureReasons) {
        this(handshakes, resumed, handshakeMicros, protocol, version, cipher, failures, failureReasons, null);
    }

    /** This report with the provider that ran. */
    public TlsReport withProvider(String ran) {
        return new TlsReport(handshakes, resumed, handshakeMicros, protocol, version, cipher, failures, failureReasons,
                ran);
    }

    public static final int MAX_REASONS = 8;

    public TlsReport {
        failureReasons = SortedMaps.copyOf(failureReasons);
        if (failureReasons.size() > MAX_REASONS + 1) {
            throw new IllegalArgumentException("failureReasons: " + failureReasons.size() + " over " + MAX_REASONS);
        }
    }
}
