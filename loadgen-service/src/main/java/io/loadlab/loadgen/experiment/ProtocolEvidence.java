package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a cell of an experiment with a {@code protocols} axis spoke, and what TLS cost the target in it: the reader's
 * answer to "why is this cell's CPU so much higher than the plain one beside it". Rates per second of the measured
 * part; null where not spoken (no TLS, no HTTP/2) or unmeasured (the evidence's {@code unmeasured} says why).
 *
 * @param entry                  the entry's label ({@code h2 s=100}, {@code https/1.1 close})
 * @param protocol               what the run spoke: the protocol agreed by ALPN over TLS, else the spec's
 * @param tlsHandshakesPerSecond TLS handshakes completed per second
 * @param tlsHandshakesPerRequest handshakes per request attempted: about 1 with keep-alive off, near 0 with it on
 * @param tlsResumed             the share of handshakes that resumed a session (abbreviated: no certificate, no key
 *                               exchange signature)
 * @param tlsHandshakeP99Millis  the handshakes' 99th percentile, apart from request latency
 * @param tlsErrors              handshakes that failed ({@code errors.tls})
 * @param streamsUsed            HTTP/2: the most streams in flight on one connection
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProtocolEvidence(String entry, String protocol, Double tlsHandshakesPerSecond,
                               Double tlsHandshakesPerRequest, Double tlsResumed, Double tlsHandshakeP99Millis,
                               Long tlsErrors, Integer streamsUsed) {

    /** Handshakes on at least this share of requests make the verdict say so: the crypto is in the target's CPU. */
    public static final double HANDSHAKE_HEAVY = 0.5;

    /** True when at least {@link #HANDSHAKE_HEAVY} of the requests paid a TLS handshake. */
    public boolean handshakeHeavy() {
        return tlsHandshakesPerRequest != null && tlsHandshakesPerRequest >= HANDSHAKE_HEAVY;
    }
}
