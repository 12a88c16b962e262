package io.loadlab.loadgen.iperf;

import io.loadlab.testsupport.TargetService;
import io.loadlab.testsupport.FreePorts;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An experiment without {@code linkMbps} measures the link with iperf's TCP bulk run against the target's iperf3
 * port, down, and says so; where that port does not answer it downloads instead and says why.
 */
@SystemTest
@QuarkusTest
class IperfLinkProbeTest {

    private static String experiment(TargetService target, int iperfPort) {
        String base = target.base();
        return "{\"targets\":[{\"name\":\"local\",\"url\":\"" + base + "/test/testApi\",\"metrics\":\"" + base
                + "/q/metrics\",\"cores\":1,\"iperf\":\"tcp://127.0.0.1:" + iperfPort + "\"}],"
                + "\"variants\":[{\"number\":10,\"connections\":2,\"threads\":1}],\"duration\":\"1s\",\"warmup\":\"0s\"}";
    }

    @Test
    void theLinkIsAnIperfBulkRunDownWithParallelStreams() throws Exception {
        try (TargetService target = TargetService.start()) {
            JsonPath x = run(experiment(target, target.iperfPort()));
            assertEquals("completed", x.getString("state"), x.prettify());
            assertEquals("iperf3 TCP, 4 streams, down", x.getString("links[0].method"), x.prettify());
            assertNull(x.get("links[0].note"));
            JsonPath run = given().get("/runs/" + x.getString("links[0].runId")).then().statusCode(200).extract().jsonPath();
            assertEquals("iperf", run.getString("spec.kind"));
            assertEquals("DOWN", run.getString("spec.direction"));
            assertEquals(4, run.getInt("spec.streams"));
            // iperf3's receiver's figure: the bytes counted in the measured seconds, not those read while draining
            List<Number> bytes = run.getList("report.directions[0].intervals.bytes");
            List<Number> starts = run.getList("report.directions[0].intervals.start");
            List<Number> ends = run.getList("report.directions[0].intervals.end");
            assertTrue(!bytes.isEmpty(), run.prettify());
            double mbps = bytes.stream().mapToLong(Number::longValue).sum() * 8
                    / (ends.get(ends.size() - 1).doubleValue() - starts.get(0).doubleValue()) / 1e6;
            // the same figure: RestAssured reads JSON numbers as floats, hence a float's precision
            assertEquals(mbps, x.getDouble("links[0].mbps"), mbps * 1e-6, x.prettify());
            given().accept("text/plain").get("/experiments/" + x.getString("id")).then()
                    .body(containsString("measured by iperf3 TCP, 4 streams, down"));
        }
    }

    @Test
    void withoutAnIperfPortItDownloadsAndSaysWhy() throws Exception {
        try (TargetService target = TargetService.start()) {
            JsonPath x = run(experiment(target, FreePorts.tcp()));
            assertEquals("completed", x.getString("state"), x.prettify());
            assertEquals("download", x.getString("links[0].method"), x.prettify());
            assertTrue(x.getString("links[0].note").contains("did not answer"), x.prettify());
            assertTrue(x.getDouble("links[0].mbps") > 0, x.prettify());
            given().accept("text/plain").get("/experiments/" + x.getString("id")).then()
                    .body(containsString("measured by download, a lower bound; the iperf3 port"));
        }
    }

    private static JsonPath run(String spec) throws InterruptedException {
        String id = given().header("Authorization", "Bearer test-token").contentType("application/json").body(spec)
                .post("/experiments").then().statusCode(202).extract().path("id");
        for (int i = 0; i < 600; i++) {
            JsonPath x = given().get("/experiments/" + id).then().statusCode(200).extract().jsonPath();
            if (!"running".equals(x.getString("state"))) {
                return x;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError("experiment " + id + " did not finish within 60 s");
    }
}
