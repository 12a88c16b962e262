package io.loadlab.loadgen.http;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a run against a server that fails every handshake for one {@code reason} reports: every TLS error named by
 * that reason, but the handshakes still in flight when the run ended ({@link TlsFailureReason#UNFINISHED}), at most
 * one per connection.
 */
final class TlsFailures {

    private TlsFailures() {
    }

    static void assertOnly(String reason, HttpReport r) {
        Map<String, Long> reasons = new HashMap<>(r.tls().failureReasons());
        long unfinished = reasons.getOrDefault(TlsFailureReason.UNFINISHED, 0L);
        reasons.remove(TlsFailureReason.UNFINISHED);
        assertTrue(unfinished <= r.connectionsRequested(), () -> "one handshake in flight per connection at most: " + r.tls());
        assertEquals(Map.of(reason, r.errors().tls() - unfinished), reasons, () -> "errors " + r.errors() + ", " + r.tls());
    }
}
