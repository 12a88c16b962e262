package io.loadlab.loadgen.api;

import io.loadlab.loadgen.api.guard.HostResolver;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.run.Runs;
import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs through the API end to end. The kind is the test-only {@code fixed} one until the HTTP driver
 * is merged; {@link #spec(String)} is the one place to swap it for a real {@code http} spec.
 */
@QuarkusTest
class RunLifecycleApiTest {

    @Inject
    Runs registry;

    static String spec(String duration) {
        return "{\"kind\":\"fixed\",\"target\":\"http://127.0.0.1:9/\",\"duration\":\"" + duration + "\"}";
    }

    @AfterEach
    void cancelLeftovers() {
        registry.activeIds().forEach(id -> registry.cancel(id));
    }

    static String start(String duration) {
        Response r = authed().body(spec(duration)).post("/runs");
        r.then().statusCode(202).header("Location", endsWith("/runs/" + r.path("id")))
                .body("state", equalTo("running")).body("spec.kind", equalTo("fixed"))
                .body("spec.duration", equalTo(duration)).body("createdAt", notNullValue());
        return r.path("id");
    }

    static void awaitState(String id, String state) throws InterruptedException {
        for (int i = 0; i < 300; i++) {
            if (state.equals(given().get("/runs/" + id).path("state"))) {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(10);
        }
        throw new AssertionError("run " + id + " never reached " + state);
    }

    @Test
    void runProgressesThenReportsAndExportsItsHistogram() throws Exception {
        String id = start("300ms");
        awaitState(id, "completed");
        given().get("/runs/" + id).then().body("report.requests", equalTo(300)).body("progress", nullValue())
                .body("finishedAt", notNullValue()).body("hasHistogram", equalTo(true));
        given().get("/runs/" + id + "/report").then().statusCode(200).contentType("application/json")
                .body("requests", equalTo(300)).body("latencyMicros.p50", greaterThan(1000f));
        given().accept("text/plain").get("/runs/" + id + "/report").then().statusCode(406);

        String base64 = given().queryParam("format", "base64").get("/runs/" + id + "/histogram").then()
                .statusCode(200).extract().asString();
        assertEquals(300, HistogramCodec.decode(base64).getTotalCount());
        String log = given().get("/runs/" + id + "/histogram").then().statusCode(200)
                .contentType(containsString("text/plain")).body(containsString("nanoseconds")).extract().asString();
        var h = (org.HdrHistogram.Histogram) new HistogramLogReader(new ByteArrayInputStream(log.getBytes(StandardCharsets.UTF_8))).nextIntervalHistogram();
        assertEquals(300, h.getTotalCount());
        given().queryParam("format", "png").get("/runs/" + id + "/histogram").then().statusCode(400);
        authed().delete("/runs/" + id).then().statusCode(409).body("msg", containsString("already finished"));
    }

    @Test
    void secondRunWhileOneIsActiveIs409NamingIt() {
        String id = start("1m");
        authed().body(spec("1s")).post("/runs").then().statusCode(409).contentType("application/json")
                .body("activeRun", equalTo(id));
        authed().delete("/runs/" + id).then().statusCode(200);
    }

    @Test
    void cancelKeepsThePartialReport() throws Exception {
        String id = start("1m");
        TimeUnit.MILLISECONDS.sleep(200);
        given().get("/runs/" + id).then().statusCode(200).body("progress.requests", greaterThan(0))
                .body("progress.activeConnections", equalTo(2)).body("report", nullValue());
        given().get("/runs/" + id + "/report").then().statusCode(409).contentType("application/json");
        given().get("/runs/" + id + "/histogram").then().statusCode(409);
        authed().delete("/runs/" + id).then().statusCode(200).body("state", equalTo("cancelled"))
                .body("report.requests", greaterThan(0)).body("report.requests", lessThan(60_000));
        given().get("/runs/" + id).then().body("state", equalTo("cancelled"));
    }

    @Test
    void failedRunNamesItsReason() throws Exception {
        Response r = authed().body("{\"kind\":\"fixed\",\"target\":\"http://127.0.0.1:9/\",\"duration\":\"10ms\","
                + "\"failure\":\"every connection refused\"}").post("/runs");
        String id = r.path("id");
        awaitState(id, "failed");
        given().get("/runs/" + id).then().body("failure", equalTo("every connection refused"));
    }

    @Test
    void listIsNewestFirstAndPaged() throws Exception {
        String a = start("10ms");
        awaitState(a, "completed");
        String b = start("10ms");
        awaitState(b, "completed");
        given().queryParam("size", 1).get("/runs").then().statusCode(200)
                .body("items[0].id", equalTo(b)).body("size", equalTo(1)).body("total", greaterThanOrEqualTo(2));
        given().queryParam("size", 1).queryParam("page", 1).get("/runs").then().body("items[0].id", equalTo(a));
        List<String> ids = given().get("/runs").path("items.id");
        assertTrue(ids.indexOf(b) < ids.indexOf(a));
        String metrics = given().get("/q/metrics").asString();
        assertTrue(metrics.contains("loadgen_runs_finished_total{agent=\"test-agent\",application=\"loadgen-service\""), metrics);
    }

    @Test
    void aNameResolvingOutsideTheAllowlistIs403() {
        QuarkusMock.installMockForType(new HostResolver() {
            @Override
            public List<InetAddress> resolve(String host) throws UnknownHostException {
                if (host.equals("looks-local.test")) {
                    return List.of(InetAddress.getByAddress(host, new byte[]{(byte) 192, 0, 2, 7}));
                }
                if (host.equals("nowhere.test")) {
                    throw new UnknownHostException(host);
                }
                return super.resolve(host);
            }
        }, HostResolver.class);
        authed().body("{\"kind\":\"fixed\",\"target\":\"http://looks-local.test:8080/\"}").post("/runs").then()
                .statusCode(403).body("address", equalTo("192.0.2.7"));
        authed().body("{\"kind\":\"fixed\",\"target\":\"http://nowhere.test/\"}").post("/runs").then()
                .statusCode(400).body("violations[0].field", equalTo("target"));
    }
}
