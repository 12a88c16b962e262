package io.loadlab.loadgen.page;

import io.loadlab.loadgen.gate.BaselineJudge;
import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SystemTest;
import io.loadlab.testsupport.TargetService;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Regressions against a baseline, end to end on real targets (issue 25): two experiments of 5 repeats against the
 * same target say {@code no significant change}; the same cell against a target whose answers wait 600 ms says
 * {@code regressed} on p99 with both intervals, and its gate fails; one repeat {@code cannot tell}. The first
 * experiment's warm-up pass is checked on the way; {@code GET /compare?experiments=} answers the same words in JSON
 * and on the page, read in Chromium; a run with a baseline cannot tell (one measurement). One target process of each kind for the class; cells of 1 s.
 */
@SystemTest
@QuarkusTest
class CompareExperimentsTest {

    static final String TOKEN = "test-token";
    /**
     * Far above the noise: on this 2-core machine shared with four other builds (load average 15) a plain target's
     * p99 over 5 repeats of 100 requests ranged 64 to 436 ms, and a 20 ms delay read "no significant change".
     */
    static final long DELAY_MS = 600;

    @RegisterExtension
    static final RealTarget target = new RealTarget();
    /** Started while the first experiments run: a JVM start is seconds this class need not wait for. */
    private static CompletableFuture<TargetService> slower;

    @TestHTTPResource("/")
    URL base;

    @BeforeAll
    static void startSlower() {
        slower = CompletableFuture.supplyAsync(() -> {
            try {
                return TargetService.startWith(List.of("-Dtarget.api.delay=" + DELAY_MS + "ms"));
            } catch (Exception e) {
                throw new IllegalStateException("the delayed target did not start", e);
            }
        });
    }

    @AfterAll
    static void stopSlower() throws Exception {
        slower.handle((t, e) -> t).get(60, TimeUnit.SECONDS);
        if (slower.isDone() && !slower.isCompletedExceptionally()) {
            slower.get().close();
        }
    }

    static RequestSpecification authed() {
        return given().header("Authorization", "Bearer " + TOKEN).contentType("application/json");
    }

    /**
     * One cell, {@code svc} on {@code base}, open model at 20/s on 16 connections: a 600 ms answer keeps about 12 in
     * flight. Requests still waiting when the 1 s is up are abandoned; those answered all took 600 ms or more.
     */
    static String spec(String base, String rest) {
        return "{\"targets\":[{\"name\":\"svc\",\"url\":\"" + base + "/test/testApi\",\"metrics\":\"" + base
                + "/q/metrics\",\"cores\":1}],\"variants\":[{\"number\":2,\"connections\":16,\"threads\":1,\"rate\":20}],"
                + "\"duration\":\"1s\",\"warmup\":\"0s\",\"timeout\":\"5s\",\"linkMbps\":10000" + rest + "}";
    }

    static JsonPath finished(String body) throws InterruptedException {
        String id = authed().body(body).post("/experiments").then().statusCode(202).extract().path("id");
        for (int i = 0; i < 1200; i++) {
            JsonPath x = given().accept("application/json").get("/experiments/" + id).then().statusCode(200)
                    .extract().jsonPath();
            if (!"running".equals(x.getString("state"))) {
                assertEquals("completed", x.getString("state"), x.prettify());
                return x;
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        throw new AssertionError("experiment " + id + " did not finish within 60 s");
    }

    static JsonPath finishedRun(String id) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            JsonPath x = given().accept("application/json").get("/runs/" + id).then().statusCode(200).extract().jsonPath();
            if (!"running".equals(x.getString("state")) && !"queued".equals(x.getString("state"))) {
                assertEquals("completed", x.getString("state"), x.prettify());
                return x;
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        throw new AssertionError("run " + id + " did not finish within 30 s");
    }

    /** What a figure's intervals say, for a figure where more is worse (latency): overlapping is no change. */
    static String changeByIntervals(JsonPath x, String name) {
        String at = "comparison.figures.find { it.figure == '" + name + "' }.";
        double baseLow = x.getDouble(at + "baseline.low");
        double baseHigh = x.getDouble(at + "baseline.high");
        double low = x.getDouble(at + "current.low");
        double high = x.getDouble(at + "current.high");
        return low > baseHigh ? "regressed" : high < baseLow ? "improved" : "no significant change";
    }

    static Map<String, Object> figure(JsonPath x, String name) {
        return x.getMap("comparison.figures.find { it.figure == '" + name + "' }");
    }

    @Test
    void aSlowerTargetRegressesTheSameTargetDoesNotAndOneRepeatCannotTell() throws Exception {
        // Both experiments of the same target must see the same target: warm (its JIT settled by thousands of answers
        // first) and each after its own warm-up pass. Without that the second ran warmer than the first and its p99
        // interval [8.5, 11.1] ms sat just below the first's [11.1, 28.7]: 'improved' (clean-clone CI, quiet machine).
        finishedRun(authed().body("{\"kind\":\"http\",\"target\":\"" + target.base() + "/test/testApi\",\"method\":\"POST\","
                + "\"body\":\"{\\\"number\\\":2}\",\"headers\":{\"Content-Type\":\"application/json\"},"
                + "\"connections\":4,\"threads\":1,\"duration\":\"2s\"}").post("/runs").then().statusCode(202)
                .extract().path("id"));
        JsonPath first = finished(spec(target.base(), ",\"repeats\":5"));
        String a = first.getString("id");
        assertEquals(1, first.getList("warmupPass.cells").size(), "5 repeats: one uncounted pass over the one cell");
        assertEquals(6, first.getInt("runsPlanned"), "5 counted runs and the warm-up run, link given");
        assertEquals(6, first.getInt("runsDone"));
        assertEquals(5, first.getList("cells").size());
        assertEquals(5, first.getInt("stats[0].repeats"));
        String warmRun = first.getString("warmupPass.cells[0].runId");
        assertFalse(first.getList("cells.runId").contains(warmRun), "the warm-up run is not a cell");
        given().accept("application/json").get("/runs/" + warmRun).then().statusCode(200).body("state", equalTo("completed"));
        given().accept("text/plain").get("/experiments/" + a).then().statusCode(200)
                .body(containsString("  warm-up pass: 1 run discarded, "));

        refused(spec(target.base(), ",\"baseline\":\"nope-1\""), "no experiment nope-1");
        refused(spec(target.base(), ",\"baseline\":\"" + a + "\"").replace("\"svc\"", "\"other\""),
                "shares no cell (target name, variant label, protocol) with this one: it has svc/n=2 c=16 r=20");

        JsonPath same = finished(spec(target.base(), ",\"repeats\":5,\"baseline\":\"" + a + "\""));
        assertEquals(a, same.getString("comparison.baseline"));
        // The same target at a fixed rate: its req/s is exact (20.0 both times), so no change, always. Its p99 is noise,
        // and the judge may honestly call it either way: with 5 repeats an interval is the repeats' [min, max], so two
        // samples of one distribution are disjoint with probability 2/252, and more when load drifts between the two
        // experiments (beside stress-ng --cpu 2 the baseline read [28.8, 43.5] ms, this one [9.6, 27.2]: 'improved').
        // So the test holds the exact relation the judge promises: the change is what the two intervals say.
        assertEquals("no significant change", figure(same, "requestsPerSecond").get("change"), same.prettify());
        assertEquals(changeByIntervals(same, "p99Millis"), figure(same, "p99Millis").get("change"), same.prettify());
        assertEquals(!"regressed".equals(figure(same, "p99Millis").get("change")), same.getBoolean("gate.passed"),
                same.prettify());

        // A fresh target, but the JIT's milliseconds are nothing beside its 600 ms: no warm-up pass either.
        JsonPath slow = finished(spec(slower.get(60, TimeUnit.SECONDS).base(), ",\"repeats\":3,\"warmupPass\":false,\"baseline\":\"" + a + "\""));
        Map<String, Object> p99 = figure(slow, "p99Millis");
        assertEquals("regressed", p99.get("change"), slow.prettify());
        assertEquals("svc/n=2 c=16 r=20", p99.get("cell"));
        assertEquals(first.getDouble("stats[0].p99Millis.high"), slow.getDouble(
                "comparison.figures.find { it.figure == 'p99Millis' }.baseline.high"), 1e-9, "the baseline's own interval");
        double low = slow.getDouble("comparison.figures.find { it.figure == 'p99Millis' }.current.low");
        assertTrue(low >= DELAY_MS, "every answer waited " + DELAY_MS + " ms: " + slow.prettify());
        assertFalse(slow.getBoolean("gate.passed"));
        assertEquals("svc/n=2 c=16 r=20 p99Millis regressed against " + a, slow.getString("gate.reason"));

        JsonPath once = finished(spec(target.base(), ",\"baseline\":\"" + a + "\""));
        assertNull(once.get("warmupPass"), "1 repeat: no warm-up pass");
        assertEquals(List.of("cannot tell", "cannot tell"), once.getList("comparison.figures.change"));
        assertEquals("this one has 1 repeat; both sides need 3", figure(once, "p99Millis").get("why"));
        assertTrue(once.getBoolean("gate.passed"), "cannot tell claims nothing either way");

        String run = authed().body("{\"kind\":\"http\",\"target\":\"" + target.testApi() + "\",\"method\":\"POST\","
                        + "\"body\":\"{\\\"number\\\":2}\",\"headers\":{\"Content-Type\":\"application/json\"},"
                        + "\"connections\":2,\"threads\":1,\"duration\":\"1s\",\"baseline\":\"" + a + "\"}")
                .post("/runs").then().statusCode(202).extract().path("id");
        JsonPath ran = finishedRun(run);
        assertEquals(List.of("cannot tell", "cannot tell"), ran.getList("comparison.figures.change"), ran.prettify());
        assertEquals(List.of(BaselineJudge.ONE_RUN, BaselineJudge.ONE_RUN), ran.getList("comparison.figures.why"));
        assertTrue(ran.getBoolean("gate.passed"), ran.prettify());
        authed().body("{\"kind\":\"http\",\"target\":\"" + target.testApi() + "\",\"baseline\":\"nope-1\"}")
                .post("/runs").then().statusCode(400).body("violations.find { it.field == 'baseline' }.message",
                        equalTo("no run or experiment nope-1"));

        String ids = a + "," + same.getString("id") + "," + slow.getString("id");
        JsonPath compared = given().accept("application/json").get("/compare?experiments=" + ids).then().statusCode(200)
                .extract().jsonPath();
        assertEquals(same.getList("comparison.figures.change"), compared.getList("comparisons[0].figures.change"));
        assertEquals(slow.getList("comparison.figures.change"), compared.getList("comparisons[1].figures.change"));
        JsonPath runs = given().accept("application/json").get("/compare?runs=" + warmRun + "," + run).then()
                .statusCode(200).extract().jsonPath();
        assertEquals(List.of("cannot tell", "cannot tell"), runs.getList("comparisons[0].figures.change"), runs.prettify());
        assertEquals(warmRun, runs.getString("comparisons[0].baseline"));
        assertTrue(runs.getList("rows.name").contains("requests"), runs.prettify());
        given().accept("application/json").get("/compare?experiments=" + a + ",nope-1").then().statusCode(404)
                .body("msg", equalTo("no experiment nope-1"));
        given().accept("application/json").get("/compare?experiments=" + a + "&runs=x,y").then().statusCode(400)
                .body("msg", containsString("not both"));

        try (Browser browser = Browser.start()) {
            browser.driver.get(base.toString().replaceAll("/$", "") + "/compare?experiments=" + ids);
            new WebDriverWait(browser.driver, Duration.ofSeconds(10))
                    .until(d -> "complete".equals(browser.driver.executeScript("return document.readyState")));
            List<WebElement> rows = browser.driver.findElements(By.cssSelector("#compare-experiments tbody tr"));
            assertEquals(4, rows.size(), "2 experiments x 1 cell x 2 figures");
            WebElement slowP99 = rows.get(3);
            assertEquals(slow.getString("id"), slowP99.findElement(By.cssSelector("td")).getText());
            assertTrue(slowP99.getText().contains("p99Millis"), slowP99.getText());
            assertEquals("regressed", slowP99.findElement(By.cssSelector("td.change")).getText());
            assertEquals(List.of(), browser.consoleErrors());
        }
    }

    private static void refused(String body, String message) {
        authed().body(body).post("/experiments").then().statusCode(400).contentType("application/json")
                .body("violations.field", hasItem("baseline"))
                .body("violations.find { it.field == 'baseline' }.message", containsString(message));
    }
}
