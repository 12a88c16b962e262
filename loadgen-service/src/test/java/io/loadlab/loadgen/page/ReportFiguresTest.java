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

    /** A mix is a table of its own: a row per name in the spec's order, errors summed over causes; not a figure. */
    @Test
    void aMixIsATableOfItsOwnNotFigures() throws Exception {
        JsonNode report = new ObjectMapper().readTree("""
                {"requests":40,"latencyMicros":{"p50":100,"p99":200},
                 "mix":[{"name":"get","weight":3,"requests":30,"requestsPerSecond":15.0,"errors":{"timeout":0,"status5xx":0},
                         "latencyMicros":{"p50":115.0,"p99":129.0,"max":130.5}},
                        {"name":"post","weight":1,"requests":10,"requestsPerSecond":5.0,"errors":{"timeout":1,"status5xx":2},
                         "latencyMicros":{"p50":2000.0,"p99":5000.0,"max":5001.0}}]}
                """);

        assertEquals(List.of(new MixRow("get", "3", "30", "15.00", 0, "115.0", "129.0", "130.5"),
                new MixRow("post", "1", "10", "5.00", 3, "2000.0", "5000.0", "5001.0")), MixRow.of(report));
        assertEquals(List.of("requests=40"), ReportFigures.of(report).headline().stream()
                .map(f -> f.name() + "=" + f.value()).toList());
        assertEquals(List.of("latencyMicros"), ReportFigures.of(report).latency().columns());
        assertEquals(List.of(), MixRow.of(new ObjectMapper().readTree("{\"requests\":1}")), "no mix, no rows");
    }

    /** Each figure is shown in the unit its name says, its exact JSON text kept beside it. */
    @Test
    void figuresAreShownInTheUnitTheirNameSays() throws Exception {
        JsonNode report = new ObjectMapper().readTree("""
                {"requests":1377770,"durationSeconds":10.0002,"requestsPerSecond":137777.3,"bytesReceived":368000000,
                 "messagesPerSecond":12.345,"megabytesPerSecond":36.81,"megabitsPerSecond":294.5,"requestedRate":0.0,
                 "lossPercent":0.123,"errorRate":0.0012,"achievedRateRatio":0.9951,"messageSize":64,
                 "errors":{"timeout":3},"partial":false,"tls":{"version":"TLSv1.3"},"mean":{"connectMicros":1627.0}}
                """);
        List<String> shown = ReportFigures.of(report).headline().stream().map(f -> f.name() + "=" + f.shown()).toList();
        assertEquals(List.of("requests=1,377,770", "durationSeconds=10.0 s", "requestsPerSecond=137,777 req/s",
                "bytesReceived=368 MB", "messagesPerSecond=12.3 msg/s", "megabytesPerSecond=36.8 MB/s",
                "megabitsPerSecond=295 Mbit/s", "requestedRate=0 req/s", "lossPercent=0.12 %", "errorRate=0.12 %",
                "achievedRateRatio=99.5 %", "messageSize=64 B", "errors.timeout=3", "partial=false",
                "tls.version=TLSv1.3", "mean.connectMicros=1.63 ms"), shown);
        assertEquals("137777.3", ReportFigures.of(report).headline().get(2).value(), "the JSON's own text stays");
    }
}
