package io.loadlab.loadgen.udp;

import io.loadlab.testsupport.SockperfServer;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** UDP runs through the REST API: validation by field, the guard on targetMetrics, a run's reports and metrics. */
@SystemTest
@QuarkusTest
class UdpRunsApiTest {

    private static RequestSpecification authed() {
        return given().header("Authorization", "Bearer test-token").contentType("application/json");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "{'kind':'udp-throughput','target':'udp://127.0.0.1:9','messageSize':13}         | messageSize | 14",
            "{'kind':'udp-throughput','target':'udp://127.0.0.1:9','messageSize':65508}      | messageSize | 65507",
            "{'kind':'udp-throughput','target':'udp://127.0.0.1:9','bitrate':'fast'}         | bitrate     | like 500K",
            "{'kind':'udp-throughput','target':'udp://127.0.0.1:9','bitrate':'0M'}           | bitrate     | like 500K",
            "{'kind':'udp-throughput','target':'udp://127.0.0.1:9','bitrate':'1M','rate':5}  | bitrate     | not both",
            "{'kind':'udp-throughput','target':'tcp://127.0.0.1:9'}                          | target      | udp://",
            "{'kind':'udp-throughput','target':'udp://127.0.0.1'}                            | target      | port",
            "{'kind':'udp-throughput','target':'udp://127.0.0.1:9','rate':1e-300}            | rate        | at least 0.1",
            "{'kind':'udp-underload','target':'udp://127.0.0.1:9','rate':1e-10}              | rate        | at least 0.1",
            "{'kind':'udp-throughput','target':'udp://127.0.0.1:9','bitrate':'1','messageSize':64000} | bitrate | at least 0.1",
            "{'kind':'udp-throughput','target':'udp://127.0.0.1:9','duration':'PT2562048H'}  | duration    | at most 292 years",
            "{'kind':'udp-throughput','target':'udp://127.0.0.1:9','rate':-1}                | rate        | messages per second",
            "{'kind':'udp-throughput','target':'udp://127.0.0.1:9','targetMetrics':'ftp://x/'} | targetMetrics | http://",
            "{'kind':'udp-pingpong','target':'udp://127.0.0.1:9','bitrate':'1M'}             | bitrate     | unknown field",
            "{'kind':'udp-pingpong','target':'udp://127.0.0.1:9','duration':'0s'}            | duration    | above zero",
            "{'kind':'udp-underload','target':'udp://127.0.0.1:9','replyEvery':0}            | replyEvery  | at least 1",
            "{'kind':'udp-underload','target':'udp://127.0.0.1:9','replyEvery':'x'}          | replyEvery  | integer",
            "{'kind':'udp-underload'}                                                        | target      | is required",
    })
    void everyBadFieldIsNamed(String body, String field, String message) {
        authed().body(body.replace('\'', '"')).post("/runs").then().statusCode(400)
                .body("violations.field", hasItem(field))
                .body("violations.find { it.field == '" + field + "' }.message", containsString(message));
    }

    @Test
    void allBadFieldsAreNamedAtOnce() {
        authed().body("{\"kind\":\"udp-throughput\",\"target\":\"http://127.0.0.1:9\",\"messageSize\":1,"
                        + "\"rate\":3,\"bitrate\":\"2M\",\"warmup\":\"soon\",\"bogus\":1}")
                .post("/runs").then().statusCode(400)
                .body("violations.field", hasItems("target", "messageSize", "bitrate", "warmup", "bogus"));
    }

    @Test
    void targetMetricsOutsideTheAllowlistAre403() {
        authed().body("{\"kind\":\"udp-throughput\",\"target\":\"udp://127.0.0.1:9\","
                        + "\"targetMetrics\":\"http://192.0.2.1/q/metrics\"}")
                .post("/runs").then().statusCode(403).body("address", equalTo("192.0.2.1"));
    }

    @Test
    void aPingPongRunAgainstSockperfReportsInJsonTextAndMetrics() throws Exception {
        try (SockperfServer server = SockperfServer.start()) {
            String id = authed().body("{\"kind\":\"udp-pingpong\",\"target\":\"" + server.target()
                            + "\",\"duration\":\"1s\",\"warmup\":\"200ms\"}")
                    .post("/runs").then().statusCode(202).extract().path("id");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (!"completed".equals(given().get("/runs/" + id).then().extract().path("state"))) {
                assertTrue(System.nanoTime() < deadline, "run " + id + " did not complete");
                Thread.sleep(100);
            }
            given().get("/runs/" + id + "/report").then().statusCode(200)
                    .body("kind", equalTo("udp-pingpong"))
                    .body("messagesSent", greaterThan(1000))
                    .body("dropped", equalTo(0))
                    .body("latencyMicros.p50", greaterThan(0f))
                    .body("rttMicros.p99999", greaterThan(0f));
            given().accept("text/plain").get("/runs/" + id + "/report").then().statusCode(200)
                    .body(containsString("sockperf: Summary: Latency is "))
                    .body(containsString("sockperf: ---> percentile 99.999 = "))
                    .body(containsString("# dropped messages = 0"));
            String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
            assertTrue(metrics.contains("loadgen_udp_messages_total{agent=\"test-agent\",application=\"loadgen-service\""), metrics);
        }
    }
}
