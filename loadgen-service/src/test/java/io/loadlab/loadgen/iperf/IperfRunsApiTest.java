package io.loadlab.loadgen.iperf;

import io.loadlab.testsupport.TargetService;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.testsupport.FreePorts;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * iperf runs through {@code POST /runs}: every bad field named, the allowlist, and runs against Debian's stock
 * {@code iperf3 -s} and the real target whose byte counts equal what the server's own report says.
 */
@SystemTest
@QuarkusTest
class IperfRunsApiTest {

    private static RequestSpecification authed() {
        return given().header("Authorization", "Bearer test-token").contentType("application/json");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "{'kind':'iperf','target':'udp://127.0.0.1:5201'}                          | target    | tcp://host:port",
            "{'kind':'iperf','target':'tcp://127.0.0.1'}                               | target    | tcp://host:port",
            "{'kind':'iperf','target':'tcp://127.0.0.1:5201','protocol':'sctp'}        | protocol  | tcp or udp",
            "{'kind':'iperf','target':'tcp://127.0.0.1:5201','direction':'sideways'}   | direction | up, down or bidir",
            "{'kind':'iperf','target':'tcp://127.0.0.1:5201','streams':0}              | streams   | 1..128",
            "{'kind':'iperf','target':'tcp://127.0.0.1:5201','streams':17}             | streams   | max-streams",
            "{'kind':'iperf','target':'tcp://127.0.0.1:5201','bitrate':'fast'}         | bitrate   | like 500K",
            "{'kind':'iperf','target':'tcp://127.0.0.1:5201','bitrate':'11G'}          | bitrate   | max-bitrate",
            "{'kind':'iperf','target':'tcp://127.0.0.1:5201','protocol':'udp','bitrate':'0'} | bitrate | UDP needs a bitrate",
            "{'kind':'iperf','target':'tcp://127.0.0.1:5201','protocol':'udp','length':8}    | length  | 16..65507",
            "{'kind':'iperf','target':'tcp://127.0.0.1:5201','duration':'1500ms'}      | duration  | whole seconds",
            "{'kind':'iperf','target':'tcp://127.0.0.1:5201','duration':'2h'}          | duration  | max-duration",
            "{'kind':'iperf','target':'tcp://127.0.0.1:5201','warmup':'-1s'}           | warmup    | duration",
            "{'kind':'iperf','target':'tcp://127.0.0.1:5201','parallel':4}             | parallel  | unknown field",
    })
    void everyBadFieldIsNamed(String body, String field, String message) {
        authed().body(body.replace('\'', '"')).post("/runs").then().statusCode(400)
                .body("violations.field", hasItem(field))
                .body("violations.find { it.field == '" + field + "' }.message", containsString(message));
    }

    @Test
    void allBadFieldsAreNamedAtOnce() {
        authed().body("{\"kind\":\"iperf\",\"target\":\"http://127.0.0.1:9\",\"streams\":500,\"protocol\":\"x\",\"length\":-1}")
                .post("/runs").then().statusCode(400).body("violations.field", hasItems("target", "streams", "protocol", "length"));
    }

    /**
     * The stored form, as {@code GET /runs/{id}} and the OpenAPI document write it (capital enums, bitrate in bits per
     * second), posts again as the very same spec: a run copied from another is run as it was.
     */
    @Test
    void aRunsStoredSpecPostsAgainAsTheSameSpec() throws Exception {
        int closed = FreePorts.tcp(); // nothing listens: the run ends at once, failed
        String first = start("{\"kind\":\"iperf\",\"target\":\"tcp://127.0.0.1:" + closed
                + "\",\"protocol\":\"udp\",\"direction\":\"down\",\"bitrate\":\"2M\",\"duration\":\"1s\"}");
        JsonNode stored = ended(first).path("spec");
        assertEquals("UDP", stored.path("protocol").asText(), stored.toString());
        assertEquals(2_000_000L, stored.path("bitrate").asLong(), stored.toString());
        String second = start(stored.toString());
        assertEquals(stored, ended(second).path("spec"));
    }

    private static JsonNode ended(String id) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            String body = given().get("/runs/" + id).then().statusCode(200).extract().asString();
            JsonNode run = new ObjectMapper().readTree(body);
            String state = run.path("state").asText();
            if (!state.equals("running") && !state.equals("queued")) {
                return run;
            }
            assertTrue(System.nanoTime() < deadline, "run " + id + " did not end: " + body);
            Thread.sleep(50);
        }
    }

    @Test
    void aTargetOutsideTheAllowlistIs403() {
        authed().body("{\"kind\":\"iperf\",\"target\":\"tcp://192.0.2.1:5201\"}").post("/runs").then().statusCode(403)
                .body("address", equalTo("192.0.2.1"));
    }

    @Test
    void aTcpDownRunWithFourStreamsReceivesWhatStockIperf3SaysItSent() throws Exception {
        try (StockIperf3Server server = StockIperf3Server.start()) {
            JsonPath report = run("{\"kind\":\"iperf\",\"target\":\"tcp://127.0.0.1:" + server.port()
                    + "\",\"streams\":4,\"direction\":\"down\",\"duration\":\"1s\"}");
            JsonNode json = server.report();
            long received = report.getLong("directions[0].sum.receivedBytes");
            assertEquals(json.path("end").path("sum_sent").path("bytes").asLong(), received);
            assertEquals(4, report.getList("directions[0].streams").size());
            assertTrue(received > 0);
            // issue 18's names: bytes and bitsPerSecond are the receiver's; retransmits the sender's (here the server's)
            assertEquals(received, report.getLong("directions[0].sum.bytes"));
            assertEquals(received * 8 / report.getDouble("directions[0].sum.seconds"),
                    report.getDouble("directions[0].sum.bitsPerSecond"), 1e-6 * received);
            assertTrue(report.getDouble("directions[0].intervals[0].bitsPerSecond") > 0, report.prettify());
            JsonNode serverRetransmits = json.path("end").path("sum_sent").path("retransmits");
            assertTrue(serverRetransmits.isNumber(), () -> "stock iperf3 -s gave no sum_sent.retransmits: " + json);
            assertEquals(serverRetransmits.asLong(), report.getLong("directions[0].sum.retransmits"), report.prettify());
        }
    }

    @Test
    void aUdpUpRunIsCountedAsStockIperf3CountedIt() throws Exception {
        try (StockIperf3Server server = StockIperf3Server.start()) {
            JsonPath report = run("{\"kind\":\"iperf\",\"target\":\"tcp://127.0.0.1:" + server.port()
                    + "\",\"protocol\":\"udp\",\"streams\":2,\"bitrate\":\"10M\",\"length\":1000,\"duration\":\"1s\"}");
            JsonNode received = server.report().path("end").path("sum_received");
            long sent = report.getLong("directions[0].sum.sentBytes");
            assertEquals(received.path("bytes").asLong(), report.getLong("directions[0].sum.receivedBytes"));
            assertEquals(received.path("lost_packets").asLong(), report.getLong("directions[0].sum.lost"));
            assertEquals(0, sent % 1000, "whole datagrams");
            // iperf3 counts a loss only as a gap below the highest sequence number it saw, so datagrams still in
            // flight when the server stops reading are in neither figure (one of 2,500 was, on a busy CI machine).
            assertTrue(sent >= received.path("bytes").asLong() + 1000 * received.path("lost_packets").asLong(), report.prettify());
        }
    }

    @Test
    void aBidirRunAgainstTheTargetReportsInJsonTextAndMetrics() throws Exception {
        try (TargetService target = TargetService.start()) {
            String id = start("{\"kind\":\"iperf\",\"target\":\"tcp://127.0.0.1:" + target.iperfPort()
                    + "\",\"streams\":2,\"direction\":\"bidir\",\"duration\":\"1s\"}");
            JsonPath report = await(id, "completed");
            assertEquals(report.getLong("directions[1].sum.sentBytes"), report.getLong("directions[1].sum.receivedBytes"));
            assertTrue(report.getLong("directions[0].sum.receivedBytes") > 0);
            given().accept("text/plain").get("/runs/" + id + "/report").then().statusCode(200)
                    .body(containsString("[SUM][TX-C]")).body(containsString("[SUM][RX-C]"))
                    .body(containsString("receiver")).body(containsString("iperf Done."));
            String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
            assertTrue(metrics.contains("loadgen_iperf_received_bytes_total{agent=\"test-agent\",application=\"loadgen-service\""), metrics);
        }
    }

    @Test
    void cancelEndsTheTestAndKeepsWhatWasMeasured() throws Exception {
        try (StockIperf3Server server = StockIperf3Server.start()) {
            String id = start("{\"kind\":\"iperf\",\"target\":\"tcp://127.0.0.1:" + server.port()
                    + "\",\"bitrate\":\"100M\",\"duration\":\"60s\"}");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (given().get("/runs/" + id).then().extract().jsonPath().getLong("progress.bytesSent") == 0) {
                assertTrue(System.nanoTime() < deadline, "no bytes sent");
                Thread.sleep(100);
            }
            authed().delete("/runs/" + id).then().statusCode(200);
            JsonPath report = await(id, "cancelled");
            JsonNode json = server.report();
            assertEquals(json.path("end").path("sum_received").path("bytes").asLong(), report.getLong("directions[0].sum.receivedBytes"));
            assertTrue(report.getDouble("directions[0].sum.seconds") < 30, report.prettify());
        }
    }

    /**
     * Cancelled in its warm-up, a test measured nothing at either end: the server's own count (the whole test, as
     * iperf3 reports one that ended in its omit window) is not passed off as measured bytes over 0 seconds (a part
     * so stopped in a CI run read 1.2e14 bit/s sent).
     */
    @Test
    void cancelledWhileWarmingUpEveryFigureIsZero() throws Exception {
        try (StockIperf3Server server = StockIperf3Server.start()) {
            String id = start("{\"kind\":\"iperf\",\"target\":\"tcp://127.0.0.1:" + server.port()
                    + "\",\"bitrate\":\"50M\",\"direction\":\"bidir\",\"warmup\":\"30s\",\"duration\":\"1s\"}");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!given().get("/runs/" + id).then().extract().jsonPath().getBoolean("progress.warmingUp")) {
                assertTrue(System.nanoTime() < deadline, "never warming up");
                Thread.sleep(50);
            }
            Thread.sleep(300); // bytes move both ways before the cancel
            authed().delete("/runs/" + id).then().statusCode(200);
            JsonPath report = await(id, "cancelled");
            assertTrue(server.report().path("end").path("sum_received").path("bytes").asLong() > 0,
                    "the server counted the warm-up's bytes: the case under test");
            for (String direction : List.of("directions[0]", "directions[1]")) {
                for (String figure : List.of("sentBytes", "receivedBytes", "seconds", "bitsPerSecond", "sentBitsPerSecond")) {
                    assertEquals(0.0, report.getDouble(direction + ".sum." + figure), direction + " " + figure + "\n" + report.prettify());
                    assertEquals(0.0, report.getDouble(direction + ".streams[0]." + figure), direction + " " + figure);
                }
            }
        }
    }

    private static JsonPath run(String spec) throws InterruptedException {
        return await(start(spec), "completed");
    }

    private static String start(String spec) {
        return authed().body(spec).post("/runs").then().statusCode(202).extract().path("id");
    }

    private static JsonPath await(String id, String state) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
        while (true) {
            JsonPath run = given().get("/runs/" + id).then().extract().jsonPath();
            String now = run.getString("state");
            if (!now.equals("running") && !now.equals("queued")) {
                assertEquals(state, now, run.prettify());
                return given().get("/runs/" + id + "/report").then().statusCode(200).body("kind", equalTo("iperf"))
                        .extract().jsonPath();
            }
            assertTrue(System.nanoTime() < deadline, "run " + id + " did not end");
            Thread.sleep(100);
        }
    }
}
