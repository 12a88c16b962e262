package io.loadlab.loadgen.http;

import io.loadlab.loadgen.run.ProtocolFigures;

/** An http run's report as the protocol figures an experiment cell reads: its {@code tls} and {@code h2} sections. */
final class HttpProtocolFigures {

    private HttpProtocolFigures() {
    }

    static ProtocolFigures of(HttpReport r) {
        TlsReport tls = r.tls();
        H2Report h2 = r.h2();
        String spoken = tls != null && tls.protocol() != null ? tls.protocol()
                : h2 != null ? (tls != null ? HttpProtocol.H2.id() : HttpProtocol.H2C.id()) : HttpProtocol.HTTP_1_1.id();
        long resets = h2 == null ? 0 : h2.resets().values().stream().mapToLong(Long::longValue).sum();
        return new ProtocolFigures(spoken, tls != null, tls == null ? 0 : tls.handshakes(), tls == null ? 0 : tls.resumed(),
                tls == null || tls.handshakes() == 0 || tls.handshakeMicros() == null ? null : tls.handshakeMicros().p99(),
                tls == null ? 0 : tls.failures(), tls == null ? null : tls.failureReasons(),
                h2 == null ? null : h2.streamsUsed(), resets, h2 == null ? 0 : h2.goaways());
    }
}
