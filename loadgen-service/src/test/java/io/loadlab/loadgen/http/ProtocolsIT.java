package io.loadlab.loadgen.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.SystemTest;
import io.loadlab.testsupport.TargetService;
import io.loadlab.testsupport.TlsTarget;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every path an http run can take, from the packaged loadgen against the packaged target (under {@code -Pnative} both
 * native runners: the surfaces a native image breaks first, issue 48): HTTP/1.1 and h2 over TLS on the target's HTTPS
 * port, h2c on its plain port, a connection per request over TLS (a handshake each) and in clear text (the raw
 * sockets' loops), and a request mix fed from an uploaded data file. Each run completes without an error, and every
 * request it sent, warm-up included, the target counted.
 */
@SystemTest
class ProtocolsIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path data;
    static TlsTarget tls;
    static TargetService target;
    static String ca;
    static LoadgenService loadgen;

    @BeforeAll
    static void start() throws Exception {
        tls = TlsTarget.start();
        target = tls.target();
        ca = tls.ca();
        loadgen = LoadgenService.start(data);
        // Both JVMs' TLS stacks warmed by runs of their own, not asserted: on a cold JVM at load 20 the first
        // handshakes took over 10 s, past a short run's end (natively they take milliseconds)
        for (int i = 0; i < 3; i++) {
            String warm = loadgen.started("/runs", "{\"kind\":\"http\",\"target\":\"" + target.httpsBase()
                    + "/test/testApi?number=1\",\"connections\":1,\"threads\":1,\"duration\":\"2s\",\"keepAlive\":false,"
                    + "\"timeout\":\"30s\",\"tls\":{\"ca\":" + JSON.writeValueAsString(ca) + "}}");
            if ("completed".equals(loadgen.awaitFinished("/runs/" + warm).path("state").asText())) {
                break;
            }
        }
    }

    @AfterAll
    static void stop() {
        if (loadgen != null) {
            loadgen.close();
        }
        if (tls != null) {
            tls.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "HTTP/1.1 over TLS,                      true,  http/1.1, true,  1",
            "h2 over TLS,                            true,  h2,       true,  8",
            "h2c,                                    false, h2c,      true,  8",
            "a connection per request over TLS,      true,  http/1.1, false, 1",
            "a connection per request in clear text, false, http/1.1, false, 1",
    })
    void everyRequestSentIsOneTheTargetServed(String name, boolean tls, String protocol, boolean keepAlive, int streams)
            throws Exception {
        String url = (tls ? target.httpsBase() : target.base()) + "/test/testApi";
        String spec = "{\"kind\":\"http\",\"target\":\"" + url + "\",\"method\":\"POST\","
                + "\"headers\":{\"Content-Type\":\"application/json\"},\"body\":\"{\\\"number\\\":3}\","
                + "\"protocol\":\"" + protocol + "\",\"streams\":" + streams + ",\"keepAlive\":" + keepAlive + ","
                + "\"connections\":4,\"threads\":2,\"duration\":\"1s\",\"warmup\":\"1s\",\"timeout\":\"30s\""
                + (tls ? ",\"tls\":{\"ca\":" + JSON.writeValueAsString(ca) + "}" : "") + "}";
        String logBefore = loadgen.log();
        JsonNode report = completed(spec);
        assertNoErrors(report);
        if (tls) {
            // handshakes are the measured part's: with keep-alive they all happened in the warm-up
            assertTrue(report.path("tls").path("version").asText().startsWith("TLSv1."), report.toPrettyString());
            assertEquals(protocol, report.path("tls").path("protocol").asText(), "agreed by ALPN: " + report.toPrettyString());
            if (!keepAlive) {
                // a handshake per request; one finished just before the warm-up's end may carry a measured request,
                // so by phase they may differ by the connections in flight at that instant, 4 at most
                long off = report.path("tls").path("handshakes").asLong() - report.path("requests").asLong();
                assertTrue(Math.abs(off) <= 4, "a handshake per request: " + report.toPrettyString());
            }
        }
        if (protocol.startsWith("h2")) {
            assertEquals(streams, report.path("h2").path("streamsRequested").asInt(), report.toPrettyString());
        }
        if (!tls && !keepAlive) {
            String log = loadgen.log().substring(logBefore.length());
            assertTrue(log.contains("2 epoll event loop(s) on raw sockets"), "the raw sockets' loops ran, on epoll: " + log);
        }
    }

    /** Two named requests, each number from a column of an uploaded CSV file, sequential: the names add up. */
    @Test
    void aMixFromADataFileIsCountedByNameAndInFull() throws Exception {
        StringBuilder csv = new StringBuilder("n\n");
        for (int n = 1; n <= 50; n++) {
            csv.append(n).append('\n');
        }
        loadgen.upload("numbers.csv", csv.toString());
        String spec = "{\"kind\":\"http\",\"target\":\"" + target.base() + "/test/testApi\","
                + "\"headers\":{\"Content-Type\":\"application/json\"},"
                + "\"requests\":[{\"name\":\"small\",\"weight\":3,\"method\":\"POST\",\"body\":\"{\\\"number\\\": ${n}}\"},"
                + "{\"name\":\"large\",\"weight\":1,\"method\":\"POST\",\"body\":\"{\\\"number\\\": 2${n}}\"}],"
                + "\"values\":{\"n\":{\"from\":\"file\",\"file\":\"numbers.csv\",\"column\":\"n\"}},"
                + "\"connections\":4,\"threads\":2,\"duration\":\"1s\",\"warmup\":\"200ms\",\"timeout\":\"30s\"}";
        JsonNode report = completed(spec);
        assertNoErrors(report);
        long named = 0;
        for (JsonNode entry : report.path("mix")) {
            assertTrue(entry.path("requests").asLong() > 0, entry.toPrettyString());
            named += entry.path("requests").asLong() + entry.path("warmupRequests").asLong();
        }
        assertEquals(2, report.path("mix").size(), report.toPrettyString());
        assertEquals(report.path("requests").asLong() + report.path("warmupRequests").asLong(), named, report.toPrettyString());
    }

    /** Runs {@code spec} to its end; fails unless it completed and the target served exactly what it sent. */
    private static JsonNode completed(String spec) throws Exception {
        long before = target.served(200);
        String id = loadgen.started("/runs", spec);
        JsonNode run = loadgen.awaitFinished("/runs/" + id);
        assertEquals("completed", run.path("state").asText(), run.toPrettyString());
        JsonNode report = run.path("report");
        long sent = report.path("requests").asLong() + report.path("warmupRequests").asLong();
        assertTrue(sent > 0, report.toPrettyString());
        long served = 0;
        for (int i = 0; i < 50 && served != sent; i++) { // the target counts just after it answers
            TimeUnit.MILLISECONDS.sleep(50);
            served = target.served(200) - before;
        }
        assertEquals(sent, served, "requests the loadgen sent vs answers the target counted");
        return report;
    }

    private static void assertNoErrors(JsonNode report) {
        report.path("errors").fields().forEachRemaining(e -> assertEquals(0, e.getValue().asLong(),
                "errors." + e.getKey() + ": " + report.toPrettyString()));
    }
}
