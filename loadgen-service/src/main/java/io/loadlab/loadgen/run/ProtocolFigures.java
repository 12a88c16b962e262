package io.loadlab.loadgen.run;

import java.util.Map;

/**
 * What a cell's run spoke and what speaking it cost, for the cell's evidence: TLS handshakes (apart from request
 * latency) and HTTP/2's streams, resets and GOAWAYs. Counts over the measured part, as the run's report gives them.
 *
 * @param protocol           the protocol the run spoke: the one agreed by ALPN over TLS, else the spec's
 *                           ({@code http/1.1}, {@code h2}, {@code h2c})
 * @param tls                true for a run over TLS; the handshake figures below are 0 and null otherwise
 * @param handshakes         TLS handshakes completed
 * @param resumed            of those, resumed sessions (abbreviated handshakes)
 * @param handshakeP99Micros the handshakes' 99th percentile, microseconds; null when none completed
 * @param tlsErrors          handshakes that failed: the report's {@code errors.tls}
 * @param tlsFailureReasons  those by reason, as the report bounds them
 * @param streamsUsed        HTTP/2 only: the most streams in flight on one connection; null otherwise
 * @param resets             HTTP/2 streams the server reset
 * @param goaways            GOAWAY frames received
 */
public record ProtocolFigures(String protocol, boolean tls, long handshakes, long resumed, Double handshakeP99Micros,
                             long tlsErrors, Map<String, Long> tlsFailureReasons, Integer streamsUsed, long resets,
                             long goaways) {

    public ProtocolFigures {
        tlsFailureReasons = tlsFailureReasons == null ? Map.of() : Map.copyOf(tlsFailureReasons);
    }
}
