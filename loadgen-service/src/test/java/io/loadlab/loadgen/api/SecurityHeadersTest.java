package io.loadlab.loadgen.api;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every page (run, experiment, compare, the console) carries the CSP without inline script and refuses framing;
 * every response, JSON and static files too, says nosniff; the console's unversioned files are revalidated, never
 * cached immutable (issue 22: no page had a CSP, nosniff or frame-ancestors, and /ui/ was immutable for a day).
 * The run and experiment are real: a short run and a one-cell experiment at this loadgen's own health endpoint.
 */
@QuarkusTest
class SecurityHeadersTest {

    @TestHTTPResource("/q/health/live")
    URL self;

    @Test
    void everyPageHasTheCspAndEveryResponseNosniff() throws Exception {
        String a = run();
        String b = run();
        String x = experiment();
        for (String page : List.of("/ui/", "/runs/" + a + "/report.html", "/experiments/" + x + "/report.html",
                "/compare?runs=" + a + "," + b)) {
            Response r = given().accept("text/html").get(page);
            assertTrue(r.contentType().startsWith("text/html"), page + " " + r.contentType());
            assertEquals(SecurityHeaders.CSP, r.header("Content-Security-Policy"), page);
            assertTrue(r.header("Content-Security-Policy").contains("frame-ancestors 'none'"), page);
            assertFalse(r.header("Content-Security-Policy").contains("unsafe-inline"), page);
            assertEquals("DENY", r.header("X-Frame-Options"), page);
            assertEquals("nosniff", r.header("X-Content-Type-Options"), page);
        }
        for (String json : List.of("/runs", "/runs/" + a, "/experiments/" + x, "/calibrations", "/runs/nope", "/runs/nope/report.html")) {
            Response r = given().accept("application/json").get(json);
            assertEquals("nosniff", r.header("X-Content-Type-Options"), json);
            assertEquals("DENY", r.header("X-Frame-Options"), json);
            assertEquals(null, r.header("Content-Security-Policy"), json + ": JSON is not a page");
        }
        Response unauthorised = given().contentType("application/json").body("{}").post("/runs");
        assertEquals(401, unauthorised.statusCode());
        assertEquals("nosniff", unauthorised.header("X-Content-Type-Options"), "a filter's own answer too");
    }

    @Test
    void theConsolesFilesAreRevalidatedNotImmutable() {
        for (String file : List.of("/ui/", "/ui/console.js", "/pages/charts.js", "/pages/pages.css",
                "/webjars/uplot/dist/uPlot.iife.min.js")) {
            Response r = given().get(file);
            assertEquals(200, r.statusCode(), file);
            assertEquals("no-cache", r.header("Cache-Control"), file);
            assertEquals("nosniff", r.header("X-Content-Type-Options"), file);
            String modified = r.header("Last-Modified");
            if (modified != null) {
                given().header("If-Modified-Since", modified).get(file).then().statusCode(304);
            }
        }
    }

    private String run() throws InterruptedException {
        String id = authed().body("{\"kind\":\"http\",\"target\":\"" + self + "\",\"connections\":1,\"threads\":1,"
                + "\"duration\":\"200ms\",\"warmup\":\"0s\"}").post("/runs").then().statusCode(202).extract().path("id");
        await("/runs/" + id);
        return id;
    }

    private String experiment() throws InterruptedException {
        String target = self.toString();
        String id = authed().body("{\"targets\":[{\"name\":\"self\",\"url\":\"" + target + "\",\"metrics\":\""
                        + target.replace("/q/health/live", "/q/metrics") + "\",\"cores\":1}],\"variants\":[{\"connections\":1,"
                        + "\"threads\":1}],\"linkMbps\":1000,\"duration\":\"200ms\",\"warmup\":\"0s\"}")
                .post("/experiments").then().statusCode(202).extract().path("id");
        await("/experiments/" + id);
        return id;
    }

    private static void await(String path) throws InterruptedException {
        for (int i = 0; i < 300; i++) {
            String state = given().accept("application/json").get(path).then().statusCode(200).extract().path("state");
            if (!"running".equals(state) && !"queued".equals(state)) {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError(path + " did not end within 30 s");
    }
}
