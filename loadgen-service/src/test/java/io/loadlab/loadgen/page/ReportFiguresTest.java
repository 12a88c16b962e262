package io.loadlab.loadgen.page;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportFiguresTest {

    /** An https run's {@code tls} part: its values are headline figures, its handshake times a latency column. */
    @Test
    void theTlsPartShowsItsFiguresReasonsAndHandshakeTimes() throws Exception {
        JsonNode report = new ObjectMapper().readTree("""
                {"requests":10,"latencyMicros":{"p50":100,"p99":200},"errors":{"tls":2},
                 "tls":{"handshakes":4,"resumed":1,"version":"TLSv1.3","protocol":null,
                        "handshakeMicros":{"p50":900,"p99":2400},"failureReasons":{"handshake timed out":2}}}
                """);
        ReportFigures figures = ReportFigures.of(report);

        List<String> names = figures.headline().stream().map(f -> f.name() + "=" + f.value()).toList();
        assertEquals(List.of("requests=10", "errors.tls=2", "tls.handshakes=4", "tls.resumed=1", "tls.version=TLSv1.3",
                "tls.failureReasons.handshake timed out=2"), names);
        assertEquals(List.of("latencyMicros", "tls.handshakeMicros"), figures.latency().columns());
        assertTrue(figures.latency().rows().stream().anyMatch(r -> r.stat().equals("p99") && r.values().equals(List.of("200", "2400"))));
    }
}
