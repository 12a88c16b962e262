package io.loadlab.loadgen.page;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.PercentileCurve;
import io.loadlab.loadgen.run.Runs;
import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SockperfServer;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.FluentWait;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pages in a real browser (Debian's Chromium) against the real loadgen and the real target service: each page
 * renders without a console error, shows the JSON report's figures, charts a point per percentile level, and makes
 * no request to any host but the loadgen; the console starts a run with the token and follows it to the end.
 */
@SystemTest
@QuarkusTest
class PagesBrowserTest {

    static final String TOKEN = "test-token";
    /** The policy the pages are served with; the same words as SecurityHeaders, written out so a change shows here. */
    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    private static Browser browser;

    @TestHTTPResource("/")
    URL base;
    @Inject
    Runs registry;

    @BeforeAll
    static void startBrowser() throws Exception {
        browser = Browser.start();
    }

    @AfterAll
    static void stopBrowser() throws Exception {
        if (browser != null) {
            browser.close();
        }
    }

    @AfterEach
    void cancelLeftovers() {
        registry.activeIds().forEach(id -> registry.cancel(id));
    }

    private String spec(String extra) {
        return "{\"kind\":\"http\",\"target\":\"" + target.testApi() + "\",\"method\":\"POST\","
                + "\"headers\":{\"Content-Type\":\"application/json\"},\"body\":\"{\\\"number\\\": 2}\","
                + "\"threads\":1,\"timeout\":\"2s\"," + extra + "}";
    }

    private static JsonPath finished(String path) throws InterruptedException {
        for (int i = 0; i < 1200; i++) {
            JsonPath x = given().accept("application/json").get(path).then().statusCode(200).extract().jsonPath();
            if (!"running".equals(x.getString("state")) && !"queued".equals(x.getString("state"))) {
                assertEquals("completed", x.getString("state"), x.prettify());
                return x;
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        throw new AssertionError(path + " did not finish within 60 s");
    }

    private String run(String spec) throws InterruptedException {
        String id = given().header("Authorization", "Bearer " + TOKEN).contentType("application/json").body(spec)
                .post("/runs").then().statusCode(202).extract().path("id");
        finished("/runs/" + id);
        return id;
    }

    /**
     * Opens a page and checks what every page must: no console error (a CSP violation is one), no request to another
     * host; and, read from the real HTTP answer, the CSP, nosniff and no framing.
     */
    private void open(String path) throws Exception {
        io.restassured.response.Response page = given().accept("text/html").get(path);
        assertEquals(CSP, page.header("Content-Security-Policy"), path);
        assertEquals("nosniff", page.header("X-Content-Type-Options"), path);
        assertEquals("DENY", page.header("X-Frame-Options"), path);
        browser.consoleErrors();
        browser.requests();
        browser.driver.get(base.toString().replaceAll("/$", "") + path);
        new WebDriverWait(browser.driver, Duration.ofSeconds(10))
                .until(d -> "complete".equals(browser.driver.executeScript("return document.readyState")));
    }

    private void assertCleanSince(String page, String... expected) throws Exception {
        List<String> errors = new ArrayList<>(browser.consoleErrors());
        for (String e : expected) {
            assertTrue(errors.removeIf(m -> m.contains(e)), page + ": the expected error " + e + " was logged");
        }
        assertEquals(List.of(), errors, page + ": console errors");
        List<URI> requests = browser.requests();
        assertTrue(!requests.isEmpty(), page + ": the network log saw the page itself");
        for (URI u : requests) {
            // data: is inline; chrome:// is served from the browser binary itself (its new-tab page loaded
            // chrome://resources/... once, at a fresh browser's first page): neither leaves the machine
            boolean local = "data".equals(u.getScheme()) || "chrome".equals(u.getScheme())
                    || (u.getHost() != null && u.getHost().equals(base.getHost()) && u.getPort() == base.getPort());
            assertTrue(local, page + " asked another host: " + u);
        }
    }

    /** The no-other-host check can fail: a page that asks another (loopback) host is seen in the network log. */
    @Test
    void theNetworkLogSeesARequestToAnotherHost() throws Exception {
        open("/ui/");
        browser.driver.executeScript("var i = new Image(); i.src = 'http://127.0.0.2:9/probe.png'; document.body.appendChild(i);");
        new WebDriverWait(browser.driver, Duration.ofSeconds(10)).until(d -> Boolean.TRUE.equals(
                browser.driver.executeScript("return performance.getEntriesByName('http://127.0.0.2:9/probe.png').length > 0 "
                        + "|| document.images[document.images.length - 1].complete")));
        AssertionError seen = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> assertCleanSince("a page asking 127.0.0.2", "probe.png"));
        assertTrue(seen.getMessage().contains("asked another host: http://127.0.0.2:9/probe.png"), seen.getMessage());
    }

    /**
     * The CSP is on in the browser: an inline script added to the console is refused, the refusal is the console
     * error every other test would see, and it never ran. The pages' own scripts are files, so they still run.
     */
    @Test
    void theBrowserRefusesAnInlineScriptUnderTheCsp() throws Exception {
        open("/ui/");
        js("var s = document.createElement('script'); s.textContent = 'window.inlineRan = true;';"
                + " document.body.appendChild(s);");
        assertEquals(null, js("return window.inlineRan === undefined ? null : window.inlineRan"), "the inline script ran");
        AssertionError seen = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> assertCleanSince("console with an inline script"));
        assertTrue(seen.getMessage().contains("Content Security Policy"), seen.getMessage());
    }

    private Object js(String script) {
        return browser.driver.executeScript(script);
    }

    @Test
    void aRunReportShowsTheJsonReportsFiguresAndAPointPerPercentileLevel() throws Exception {
        // One threshold that must pass and one no machine meets (a p99 under 1 µs): the verdict banner shows both.
        String id = run(spec("\"connections\":4,\"duration\":\"2s\",\"warmup\":\"300ms\",\"rate\":0,"
                + "\"thresholds\":{\"requests\":\">= 1\",\"p99Millis\":\"< 0.001\"}"));
        // A browser's Accept on the run's own URL gets the page; curl's JSON stays JSON.
        open("/runs/" + id);
        assertGateBannerIsTheJsons(id);
        assertEquals("Run " + id, browser.driver.getTitle());
        given().get("/runs/" + id).then().statusCode(200).contentType(containsString("json")).body("id", equalTo(id));

        JsonNode report = report(id);
        assertHeadlineFiguresAreTheReports(report);
        assertEquals(report.path("latencyMicros").path("p99").doubleValue(), Double.parseDouble(cellText("#latency tbody tr", "p99", 1)), 0.0);
        assertEquals(report.path("errors").path("timeout").asText(),
                browser.driver.findElement(By.cssSelector("td[data-field='errors.timeout']")).getAttribute("data-value"));
        // The figures people read first, in their units: the rate in req/s and the time in seconds.
        assertTrue(browser.driver.findElement(By.cssSelector("td[data-field='requestsPerSecond']")).getText().endsWith(" req/s"));
        assertTrue(browser.driver.findElement(By.cssSelector("td[data-field='durationSeconds']")).getText().endsWith(" s"));
        assertAPointPerPercentileLevel(id);
        assertSeriesCoversTheMeasuredSeconds(report, 300, "requests");
        assertCleanSince("run report");
    }

    /**
     * An iperf run's page (its figures sit in the report's directions, which the headline skips) has its kind's tables:
     * one per-second row per interval of the report, and a chart with a point per interval, drawn without a console
     * error.
     */
    @Test
    void anIperfRunShowsItsDirectionsAndAChartedRowPerInterval() throws Exception {
        String id = run("{\"kind\":\"iperf\",\"target\":\"" + target.process().iperf() + "\",\"protocol\":\"tcp\","
                + "\"streams\":1,\"direction\":\"up\",\"duration\":\"1s\"}");
        JsonNode intervals = report(id).path("directions").get(0).path("intervals");
        assertTrue(intervals.size() >= 1, "a 1 s run has an interval: " + intervals);
        open("/runs/" + id + "/report.html");
        assertEquals(intervals.size(), browser.driver.findElements(By.cssSelector("#table-iperf-up-seconds tbody tr")).size());
        assertEquals(1, browser.driver.findElements(By.cssSelector("#table-iperf-directions tbody tr")).size());
        assertEquals((long) intervals.size(), js("return charts['table-iperf-up-seconds'].data[1].length"));
        assertEquals(intervals.get(0).path("bitsPerSecond").doubleValue(),
                ((Number) js("return charts['table-iperf-up-seconds'].data[1][0]")).doubleValue(), 0.0);
        assertCleanSince("iperf run");
    }

    /** A mix run's page has a row per name with its JSON figures; the headline figures are the totals', as before. */
    @Test
    void aMixRunShowsARowPerNameWithItsJsonFigures() throws Exception {
        String id = run("{\"kind\":\"http\",\"target\":\"" + target.testApi() + "\",\"threads\":1,\"timeout\":\"2s\","
                + "\"connections\":2,\"duration\":\"1s\",\"warmup\":\"200ms\",\"rate\":0,"
                + "\"headers\":{\"Content-Type\":\"application/json\"},\"requests\":["
                + "{\"name\":\"one\",\"weight\":3,\"method\":\"POST\",\"body\":\"{\\\"number\\\": 1}\"},"
                + "{\"name\":\"two\",\"weight\":1,\"method\":\"POST\",\"body\":\"{\\\"number\\\": 2}\"}]}");
        open("/runs/" + id);

        JsonNode report = report(id);
        assertHeadlineFiguresAreTheReports(report);
        List<WebElement> rows = browser.driver.findElements(By.cssSelector("#mix tbody tr"));
        assertEquals(2, rows.size(), "a row per name");
        for (int i = 0; i < 2; i++) {
            JsonNode named = report.path("mix").get(i);
            List<WebElement> cells = rows.get(i).findElements(By.cssSelector("th, td"));
            assertEquals(named.path("name").asText(), cells.get(0).getText());
            assertEquals(named.path("weight").asText(), cells.get(1).getText());
            assertEquals(named.path("requests").asLong(), Long.parseLong(cells.get(2).getText()));
            assertTrue(named.path("requests").asLong() > 0, report.toString());
            assertEquals(named.path("latencyMicros").path("p99").doubleValue(), Double.parseDouble(cells.get(6).getText()), 0.0);
        }
        assertEquals(report.path("requests").asLong(), report.path("mix").get(0).path("requests").asLong()
                + report.path("mix").get(1).path("requests").asLong(), "the names add up to the totals");
        assertEquals(0, browser.driver.findElements(By.cssSelector("td[data-field^='mix']")).size(), "not a headline figure");
        assertCleanSince("mix run report");
    }

    /**
     * The verdict at the top of the page is the JSON's: FAILED, its reason, and each threshold's limit, result and
     * figure (exact in data-value, within its printed digits as shown).
     */
    private void assertGateBannerIsTheJsons(String id) throws Exception {
        JsonNode gate = new ObjectMapper().readTree(given().accept("application/json").get("/runs/" + id).then()
                .statusCode(200).extract().asString()).path("gate");
        assertEquals(false, gate.path("passed").asBoolean(), gate.toString());
        assertEquals("FAILED", browser.driver.findElement(By.id("gate-verdict")).getText());
        assertEquals(gate.path("reason").asText(), browser.driver.findElement(By.id("gate-reason")).getText());
        List<WebElement> rows = browser.driver.findElements(By.cssSelector("#thresholds tbody tr"));
        assertEquals(2, rows.size());
        for (int i = 0; i < 2; i++) {
            JsonNode t = gate.path("thresholds").get(i);
            WebElement actual = rows.get(i).findElement(By.className("actual"));
            List<String> cells = rows.get(i).findElements(By.tagName("td")).stream().map(WebElement::getText).toList();
            assertEquals(List.of(actual.getText(), t.path("passed").asBoolean() ? "pass" : "fail"), cells.subList(1, 3));
            assertTrue(cells.get(0).startsWith(t.path("limit").asText()), "the limit as written first: " + cells);
            assertEquals(t.path("actual").doubleValue(), Double.parseDouble(actual.getAttribute("data-value")), 0.0);
            assertTrue(ShownFigure.read(t.path("name").asText(), actual.getText()).matches(t.path("actual").doubleValue()),
                    t + " shown " + actual.getText());
        }
        assertEquals(List.of("requests", "p99Millis"), rows.stream().map(r -> r.getAttribute("data-name")).toList());
        assertEquals("< 0.001 (1 µs)", rows.get(1).findElements(By.tagName("td")).get(0).getText(), "the limit in the unit shown");
        assertTrue(rows.get(1).getText().endsWith("fail") && rows.get(0).getText().endsWith("pass"), "p99 under 1 µs fails");
    }

    /** Jackson, not JsonPath: JsonPath reads numbers as floats, and the figures must be equal, not close. */
    private static JsonNode report(String id) throws Exception {
        return new ObjectMapper().readTree(given().get("/runs/" + id + "/report").then().statusCode(200).extract().asString());
    }

    /** Every top-level figure of the JSON report is on the page, as the JSON has it. */
    private void assertHeadlineFiguresAreTheReports(JsonNode report) {
        int checked = 0;
        for (Map.Entry<String, JsonNode> f : (Iterable<Map.Entry<String, JsonNode>>) report::fields) {
            if (f.getValue().isNumber()) {
                WebElement cell = browser.driver.findElement(By.cssSelector("td[data-field='" + f.getKey() + "']"));
                assertEquals(f.getValue().doubleValue(), Double.parseDouble(cell.getAttribute("data-value")), 0.0, f.getKey());
                ShownFigure shown = ShownFigure.read(f.getKey(), cell.getText());
                assertTrue(shown.matches(f.getValue().doubleValue()), f.getKey() + ": " + cell.getText() + " shows "
                        + f.getValue() + "? read back " + shown);
                if (Math.abs(f.getValue().doubleValue()) >= 1000 && !cell.getText().contains(" ")) {
                    assertTrue(cell.getText().contains(","), f.getKey() + ": a count is grouped: " + cell.getText());
                }
                checked++;
            } else if (f.getValue().isValueNode() && !f.getValue().isNull()) {
                WebElement cell = browser.driver.findElement(By.cssSelector("td[data-field='" + f.getKey() + "']"));
                assertEquals(f.getValue().asText(), cell.getText(), f.getKey());
                checked++;
            }
        }
        assertTrue(checked >= 8, "requests, durationSeconds, requestsPerSecond, bytes... all shown: " + checked);
    }

    /** The percentile table and chart have a point per percentile level of the run's own histogram. */
    private void assertAPointPerPercentileLevel(String id) {
        int levels = PercentileCurve.ofNanos(HistogramCodec.decode(
                given().get("/runs/" + id + "/histogram?format=base64").then().statusCode(200).extract().asString())).size();
        assertTrue(levels > 10, "a 2 s run's histogram has many percentile levels: " + levels);
        assertEquals(levels, browser.driver.findElements(By.cssSelector("#percentiles tbody tr")).size(), "table rows");
        assertEquals((long) levels, js("return charts.percentiles.data[0].length"), "chart points");
        assertEquals((long) levels, js("return charts.percentiles.data[1].filter(v => v != null).length"), "chart values");
    }

    /**
     * A UDP run against the stock sockperf server: message counts, lost pongs and round trips per second, the
     * round-trip percentiles, and the same figures as its JSON report.
     */
    @Test
    void aUdpRunPageShowsMessagesLostPongsAndRoundTripsPerSecond() throws Exception {
        try (SockperfServer sockperf = SockperfServer.start()) {
            String id = run("{\"kind\":\"udp-underload\",\"target\":\"" + sockperf.target()
                    + "\",\"rate\":2000,\"replyEvery\":10,\"duration\":\"2s\",\"warmup\":\"300ms\"}");
            open("/runs/" + id);
            assertEquals("Run " + id, browser.driver.getTitle());
            JsonNode report = report(id);
            assertTrue(report.path("pongsReceived").longValue() > 0, "sockperf answered: " + report);
            assertHeadlineFiguresAreTheReports(report);
            List<String> columns = browser.driver.findElements(By.cssSelector("#latency thead th")).stream()
                    .map(WebElement::getText).toList();
            assertTrue(columns.contains("rttMicros"), "round trips beside sockperf's half: " + columns);
            assertEquals(report.path("rttMicros").path("p99").doubleValue(),
                    Double.parseDouble(cellText("#latency tbody tr", "p99", columns.indexOf("rttMicros"))), 0.0);
            assertAPointPerPercentileLevel(id);
            assertSeriesCoversTheMeasuredSeconds(report, 300, "messages");
            assertEquals(4L, js("return charts.rate.data.length"), "second, messages, errors and lost pongs");
            long lost = 0;
            for (JsonNode p : report.path("series").path("points")) {
                lost += p.path("lost").longValue();
            }
            assertEquals(lost, ((List<?>) js("return charts.rate.data[3]")).stream().mapToLong(v -> ((Number) v).longValue()).sum());
            assertCleanSince("udp run report");
        }
    }

    /**
     * A rate search's chart: p99 against each rate probed, the SLO as a line and the found rate marked, the same
     * numbers as the experiment's JSON and the table beside the chart. Rates any machine sustains (as in
     * ExperimentsApiTest), so the search doubles to its maximum.
     */
    @Test
    void aRateSearchChartsP99ByRateWithTheSloLineAndTheFoundRate() throws Exception {
        String b = target.base();
        String spec = "{\"targets\":[{\"name\":\"local\",\"url\":\"" + b + "/test/testApi\",\"metrics\":\"" + b
                + "/q/metrics\",\"cores\":1}],\"variants\":[{\"number\":2,\"connections\":8,\"threads\":1}],"
                + "\"duration\":\"1s\",\"warmup\":\"0s\",\"timeout\":\"10s\",\"linkMbps\":10000,"
                + "\"search\":{\"p99Millis\":5000,\"maxErrorRate\":0,\"startRate\":5,\"maxRate\":20,\"maxSteps\":3}}";
        String id = given().header("Authorization", "Bearer " + TOKEN).contentType("application/json").body(spec)
                .post("/experiments").then().statusCode(202).extract().path("id");
        finished("/experiments/" + id);
        JsonNode x = new ObjectMapper().readTree(given().get("/experiments/" + id).then().statusCode(200).extract().asString());
        JsonNode curve = x.path("searches").path(0).path("curve");
        assertEquals(3, curve.size(), "5, 10 and 20/s: " + x);
        open("/experiments/" + id);

        List<Double> rates = new ArrayList<>();
        List<Double> p99s = new ArrayList<>();
        for (JsonNode p : curve) {
            rates.add(p.path("rate").doubleValue());
            p99s.add(p.path("p99Millis").doubleValue());
        }
        assertEquals(rates, numbers(js("return charts['search-0'].data[0]")), "x: the rates probed, in order");
        assertEquals(p99s, numbers(js("return charts['search-0'].data[1]")), "y: each probe's p99");
        assertEquals(List.of(5000.0, 5000.0, 5000.0), numbers(js("return charts['search-0'].data[2]")), "the SLO line");
        double found = x.path("searches").path(0).path("sustainableRate").doubleValue();
        List<?> marked = (List<?>) js("return charts['search-0'].data[3]");
        for (int i = 0; i < rates.size(); i++) {
            assertEquals(rates.get(i) == found ? p99s.get(i) : null,
                    marked.get(i) == null ? null : ((Number) marked.get(i)).doubleValue(), "found-rate mark at " + rates.get(i));
        }
        assertEquals(x.path("searches").path(0).path("sustainableRate").asText(),
                browser.driver.findElement(By.cssSelector(".found")).getText());
        assertEquals(curve.size(), browser.driver.findElements(By.cssSelector("table.search tbody tr")).size());
        assertCleanSince("rate search");
    }

    private static List<Double> numbers(Object list) {
        return ((List<?>) list).stream().map(v -> ((Number) v).doubleValue()).toList();
    }

    /**
     * A point per second of the run that the measured part touches, ceil(warmup + duration) - floor(warmup) of
     * them, from the report's own measured time: in the report, in the table and in both charts; and the points add
     * up to the report's count.
     */
    private void assertSeriesCoversTheMeasuredSeconds(JsonNode report, long warmupMillis, String counted) {
        long measuredMillis = Math.round(report.path("durationSeconds").doubleValue() * 1000);
        long seconds = -Math.floorDiv(-(warmupMillis + measuredMillis), 1000) - warmupMillis / 1000;
        JsonNode points = report.path("series").path("points");
        assertEquals(seconds, points.size(), "report points: " + points);
        assertEquals(seconds, browser.driver.findElements(By.cssSelector("#series tbody tr")).size(), "table rows");
        assertEquals(seconds, js("return charts.rate.data[0].length"), "rate chart points");
        assertEquals(seconds, js("return charts['series-latency'].data[0].length"), "latency chart points");
        long sum = 0;
        for (JsonNode p : points) {
            sum += p.path("requests").longValue();
        }
        long total = report.has("requests") ? report.path("requests").longValue() : report.path("messagesSent").longValue();
        assertEquals(total, sum, "the points add up to the report");
        assertEquals(counted, browser.driver.findElement(By.cssSelector("#series thead th:nth-child(2)")).getText());
        assertEquals(points.get(1).path("requests").asText(),
                browser.driver.findElement(By.cssSelector("#series tbody tr:nth-child(2) td:nth-child(2)")).getText());
    }

    private String cellText(String rows, String stat, int column) {
        for (WebElement row : browser.driver.findElements(By.cssSelector(rows))) {
            if (row.findElement(By.tagName("th")).getText().equals(stat)) {
                return row.findElements(By.tagName("td")).get(column - 1).getText();
            }
        }
        throw new AssertionError("no row " + stat);
    }

    @Test
    void anOpenModelRunShowsIntendedTimeBesideServiceTimeAndComparesWithAClosedOne() throws Exception {
        String open = run(spec("\"connections\":4,\"duration\":\"2s\",\"rate\":50"));
        String closed = run(spec("\"connections\":2,\"duration\":\"1s\",\"rate\":0"));
        open("/runs/" + open + "/report.html");
        List<String> columns = browser.driver.findElements(By.cssSelector("#latency thead th")).stream()
                .map(WebElement::getText).toList();
        assertEquals(List.of("statistic", "latencyMicros", "serviceTimeMicros"), columns);
        long openRequests = given().get("/runs/" + open + "/report").then().extract().jsonPath().getLong("requests");
        assertEquals(Long.toString(openRequests), browser.driver.findElement(By.cssSelector("td[data-field='requests']")).getAttribute("data-value"));
        assertCleanSince("open-model report");

        open("/compare?runs=" + open + "," + closed);
        assertEquals(3L, js("return charts.percentiles.data.length"), "x and one curve per run");
        List<WebElement> tables = browser.driver.findElements(By.cssSelector("table.percentiles"));
        assertEquals(2, tables.size());
        WebElement requests = browser.driver.findElements(By.cssSelector("#compare tbody tr")).stream()
                .filter(r -> r.findElement(By.tagName("th")).getText().equals("requests")).findFirst().orElseThrow();
        List<String> cells = requests.findElements(By.tagName("td")).stream().map(WebElement::getText).toList();
        long closedRequests = given().get("/runs/" + closed + "/report").then().extract().jsonPath().getLong("requests");
        assertEquals(List.of(Long.toString(openRequests), Long.toString(closedRequests),
                ComparePage.difference(Long.toString(openRequests), Long.toString(closedRequests))), cells);
        assertCleanSince("compare");

        given().get("/compare?runs=" + open + ",nope-1").then().statusCode(404).body("msg", equalTo("no run nope-1"));
        given().get("/compare?runs=" + open).then().statusCode(400).body("msg", containsString("2 to 8"));
        given().get("/compare?runs=a,b,c,d,e,f,g,h,i").then().statusCode(400).body("msg", containsString("2 to 8"));
        given().get("/compare").then().statusCode(400).body("msg", containsString("runs"));
        given().accept("text/html").get("/runs/nope-2").then().statusCode(404).contentType(containsString("json"))
                .body("msg", equalTo("no run nope-2"));
    }

    @Test
    void theConsoleRefusesAWrongTokenThenStartsARunAndFollowsItToTheEnd() throws Exception {
        open("/ui/");
        WebElement token = browser.driver.findElement(By.id("token"));
        token.clear();
        token.sendKeys("wrong-token");
        browser.driver.executeScript("document.getElementById('spec').value = arguments[0]",
                spec("\"connections\":2,\"duration\":\"3s\",\"rate\":0"));
        browser.driver.findElement(By.id("start-button")).click();
        WebDriverWait wait = new WebDriverWait(browser.driver, Duration.ofSeconds(20));
        wait.until(d -> d.findElement(By.id("message")).getText().startsWith("401"));
        assertTrue(browser.driver.findElement(By.id("message")).getText().contains("missing or wrong bearer token"));
        assertEquals(List.of(), registry.activeIds(), "a refused start starts nothing");

        token.clear();
        token.sendKeys(TOKEN);
        assertEquals(TOKEN, js("return sessionStorage.getItem('loadgen.token')"));
        assertEquals(0L, js("return localStorage.length"), "the token is kept for this tab only");
        browser.driver.findElement(By.id("start-button")).click();
        wait.until(d -> d.findElement(By.id("message")).getText().startsWith("started run "));
        String id = browser.driver.findElement(By.id("message")).getText().substring("started run ".length());
        List<String> states = new ArrayList<>();
        List<Double> progress = new ArrayList<>();
        new WebDriverWait(browser.driver, Duration.ofSeconds(30), Duration.ofMillis(100)).until(d -> {
            String s = d.findElement(By.id("active-state")).getText();
            if (states.isEmpty() || !states.get(states.size() - 1).equals(s)) {
                states.add(s);
            }
            progress.add(Double.parseDouble(d.findElement(By.id("active-progress")).getAttribute("value")));
            return "completed".equals(s);
        });
        assertEquals(id, browser.driver.findElement(By.id("active-id")).getText());
        assertTrue(states.contains("running") && states.indexOf("running") < states.indexOf("completed"), "states seen: " + states);
        assertTrue(progress.stream().anyMatch(p -> p > 0 && p < 1), "progress between start and end: " + progress);
        assertEquals("completed", given().get("/runs/" + id).then().extract().path("state"));
        new WebDriverWait(browser.driver, Duration.ofSeconds(10))
                .until(d -> !d.findElements(By.cssSelector("#runs tr[data-id='" + id + "']")).isEmpty());
        // The one error a browser logs here is the refused start: Chromium reports every 4xx answer to fetch().
        assertCleanSince("console", "/runs - Failed to load resource: the server responded with a status of 401");
    }

    /** The console's cancel ends the active run early: the run and the console both say cancelled. */
    @Test
    void theConsoleCancelsTheActiveRun() throws Exception {
        open("/ui/");
        WebElement token = browser.driver.findElement(By.id("token"));
        token.clear();
        token.sendKeys(TOKEN);
        browser.driver.executeScript("document.getElementById('spec').value = arguments[0]",
                spec("\"connections\":2,\"duration\":\"60s\",\"rate\":0"));
        browser.driver.findElement(By.id("start-button")).click();
        WebDriverWait wait = new WebDriverWait(browser.driver, Duration.ofSeconds(30), Duration.ofMillis(100));
        wait.until(d -> d.findElement(By.id("message")).getText().startsWith("started run "));
        String id = browser.driver.findElement(By.id("message")).getText().substring("started run ".length());
        wait.until(d -> "running".equals(d.findElement(By.id("active-state")).getText()));

        browser.driver.findElement(By.id("cancel")).click();
        wait.until(d -> "cancelled".equals(d.findElement(By.id("active-state")).getText()));
        assertEquals("cancelled run " + id, browser.driver.findElement(By.id("message")).getText());
        JsonPath run = given().get("/runs/" + id).then().statusCode(200).extract().jsonPath();
        assertEquals("cancelled", run.getString("state"));
        assertTrue(run.getDouble("report.durationSeconds") < 60, "measured only until the cancel: " + run.prettify());
        assertEquals(List.of(), registry.activeIds(), "nothing left running");
        assertCleanSince("console cancel");
    }

    /**
     * Two variants, two repeats each: each verdict as a sentence with its evidence, the figures in units people read
     * (read back, they are the JSON's within their printed digits), each cell's interval and the significance words
     * the JSON's intervals imply, and the bars.
     */
    @Test
    void anExperimentPageShowsEachVerdictInWordsItsRepeatsIntervalsAndTheBars() throws Exception {
        String b = target.base();
        String spec = "{\"name\":\"pages\",\"targets\":[{\"name\":\"local\",\"url\":\"" + b + "/test/testApi\","
                + "\"metrics\":\"" + b + "/q/metrics\",\"cores\":1}],"
                + "\"variants\":[{\"number\":10,\"connections\":2,\"threads\":1},{\"number\":100,\"connections\":2,\"threads\":1}],"
                + "\"duration\":\"1s\",\"warmup\":\"200ms\",\"timeout\":\"10s\",\"linkMbps\":10000,\"repeats\":2,"
                + "\"thresholds\":{\"requests\":\">= 1\"}}";
        String id = given().header("Authorization", "Bearer " + TOKEN).contentType("application/json").body(spec)
                .post("/experiments").then().statusCode(202).extract().path("id");
        finished("/experiments/" + id);
        JsonNode x = new ObjectMapper().readTree(given().get("/experiments/" + id).then().statusCode(200).extract().asString());
        open("/experiments/" + id);
        assertEquals("Experiment " + id, browser.driver.getTitle());
        List<WebElement> rows = browser.driver.findElements(By.cssSelector("#cells tbody tr"));
        assertEquals(4, rows.size(), "two variants, two repeats: " + x.path("cells"));
        for (int i = 0; i < rows.size(); i++) {
            JsonNode cell = x.path("cells").get(i);
            JsonNode verdict = cell.path("verdict");
            assertEquals(verdict.path("verdict").asText() + ": " + verdict.path("reason").asText()
                            + (verdict.path("trustworthy").asBoolean() ? "" : " (figures not trustworthy)"),
                    rows.get(i).findElement(By.className("sentence")).getText(), "the verdict in a sentence");
            assertTrue(rows.get(i).findElement(By.className("evidence")).getText().contains("target CPU"));
            assertShown("requestsPerSecond", cell, rows.get(i).findElement(By.className("rate")));
            assertShown("p99Millis", cell, rows.get(i).findElement(By.className("p99")));
        }
        // The experiment's verdict on top: each cell's run judged, its scope named as the JSON names it.
        assertEquals(true, x.path("gate").path("passed").asBoolean(), "every cell answered a request: " + x.path("gate"));
        assertEquals("PASSED", browser.driver.findElement(By.id("gate-verdict")).getText());
        List<WebElement> judged = browser.driver.findElements(By.cssSelector("#thresholds tbody tr"));
        assertEquals(4, judged.size(), "one per cell run");
        for (int i = 0; i < judged.size(); i++) {
            JsonNode t = x.path("gate").path("thresholds").get(i);
            List<WebElement> tds = judged.get(i).findElements(By.tagName("td"));
            assertEquals(t.path("scope").asText(), tds.get(0).getText());
            assertEquals(t.path("actual").doubleValue(), Double.parseDouble(tds.get(2).getAttribute("data-value")), 0.0);
            assertEquals("pass", tds.get(3).getText());
        }
        List<WebElement> repeats = browser.driver.findElements(By.cssSelector("#repeats tbody tr"));
        assertEquals(2, repeats.size(), "a row per cell");
        JsonNode stats = x.path("stats");
        for (int i = 0; i < 2; i++) {
            JsonNode rps = stats.get(i).path("requestsPerSecond");
            List<WebElement> tds = repeats.get(i).findElements(By.tagName("td"));
            assertEquals(stats.get(i).path("repeats").asText(), tds.get(2).getText());
            Matcher interval = Pattern.compile("(.+ req/s) \\[(.+ req/s) – (.+ req/s)]").matcher(tds.get(3).getText());
            assertTrue(interval.matches(), "median [low – high]: " + tds.get(3).getText());
            assertTrue(ShownFigure.read("requestsPerSecond", interval.group(1)).matches(rps.path("median").doubleValue()), interval.group(1));
            assertTrue(ShownFigure.read("requestsPerSecond", interval.group(2)).matches(rps.path("low").doubleValue()), interval.group(2));
            assertTrue(ShownFigure.read("requestsPerSecond", interval.group(3)).matches(rps.path("high").doubleValue()), interval.group(3));
            assertEquals(rps.path("median").asText(), tds.get(3).getAttribute("data-value"));
        }
        JsonNode first = stats.get(0).path("requestsPerSecond");
        JsonNode second = stats.get(1).path("requestsPerSecond");
        boolean overlap = first.path("low").doubleValue() <= second.path("high").doubleValue()
                && second.path("low").doubleValue() <= first.path("high").doubleValue();
        assertEquals((overlap ? "not significant" : "significant") + " (vs n=10 c=2)",
                repeats.get(1).findElement(By.className("vs-variant")).getText(), "the words the JSON's intervals imply");
        assertEquals(List.of("n=10 c=2", "n=100 c=2"), js("return JSON.parse(document.getElementById('chart-data').textContent).bars.variants"));
        assertEquals(2L, js("return charts.bars.data.length"), "x and one bar series per target");
        assertEquals(2L, js("return charts.bars.data[1].filter(v => v != null).length"), "a bar per variant");
        assertEquals(2, browser.driver.findElements(By.cssSelector("#scaling tbody tr")).size());
        assertCleanSince("experiment");
        given().accept("text/html").get("/experiments/nope-3").then().statusCode(404).body("msg", equalTo("no experiment nope-3"));
    }

    /** The cell shows the JSON's figure: exactly in its data-value, within its printed digits in its text. */
    private static void assertShown(String field, JsonNode json, WebElement cell) {
        assertEquals(json.path(field).doubleValue(), Double.parseDouble(cell.getAttribute("data-value")), 0.0, field);
        assertTrue(ShownFigure.read(field, cell.getText()).matches(json.path(field).doubleValue()),
                field + ": " + cell.getText() + " for " + json.path(field));
    }

    /**
     * The console's cancel control on an active calibration and an active experiment: each is recorded cancelled,
     * and the control is a button whose label came in as text.
     */
    @Test
    void theConsoleCancelsAnActiveCalibrationAndAnActiveExperiment() throws Exception {
        String calibration = given().header("Authorization", "Bearer " + TOKEN).contentType("application/json")
                .body("{\"duration\":\"30s\",\"warmup\":\"0s\",\"connections\":2,\"threads\":1}")
                .post("/calibrations").then().statusCode(202).extract().path("id");
        cancelFromTheConsole("calibrations", calibration);

        String b = target.base();
        String experiment = given().header("Authorization", "Bearer " + TOKEN).contentType("application/json")
                .body("{\"targets\":[{\"name\":\"local\",\"url\":\"" + b + "/test/testApi\",\"metrics\":\"" + b
                        + "/q/metrics\",\"cores\":1}],\"variants\":[{\"connections\":2,\"threads\":1}],"
                        + "\"duration\":\"30s\",\"warmup\":\"0s\",\"linkMbps\":10000}")
                .post("/experiments").then().statusCode(202).extract().path("id");
        cancelFromTheConsole("experiments", experiment);
    }

    /**
     * The experiment page's own cancel: while the experiment runs, its page names the run now driving load (the JSON's
     * {@code currentRun}) with its live figures, and its cancel button, with the token typed on the page (kept as the
     * console keeps it), ends the experiment cancelled; the page then shows that state and no live part.
     */
    @Test
    void theExperimentPageShowsItsRunningRunAndCancelsIt() throws Exception {
        String b = target.base();
        String id = given().header("Authorization", "Bearer " + TOKEN).contentType("application/json")
                .body("{\"targets\":[{\"name\":\"local\",\"url\":\"" + b + "/test/testApi\",\"metrics\":\"" + b
                        + "/q/metrics\",\"cores\":1}],\"variants\":[{\"connections\":2,\"threads\":1}],"
                        + "\"duration\":\"30s\",\"warmup\":\"0s\",\"linkMbps\":10000}")
                .post("/experiments").then().statusCode(202).extract().path("id");
        String runId = null;
        for (int i = 0; i < 400 && runId == null; i++) {
            runId = given().accept("application/json").get("/experiments/" + id).then().extract().path("currentRun");
            TimeUnit.MILLISECONDS.sleep(50);
        }
        assertTrue(runId != null, "the experiment started its cell's run within 20 s");
        open("/experiments/" + id + "/report.html");
        // the page reloads itself every 3 s: an element read as it reloads is stale, read again
        FluentWait<org.openqa.selenium.WebDriver> wait = new WebDriverWait(browser.driver, Duration.ofSeconds(30), Duration.ofMillis(100))
                .ignoring(StaleElementReferenceException.class);
        wait.until(d -> !d.findElements(By.id("live-run")).isEmpty());
        wait.until(d -> { // the token field has the focus from here: the page no longer reloads itself
            WebElement token = d.findElement(By.id("token"));
            token.clear();
            token.sendKeys(TOKEN);
            return true;
        });
        String expected = runId;
        wait.withMessage(() -> "the live part names run " + expected + ", the first of the experiment's")
                .until(d -> expected.equals(d.findElement(By.id("live-run")).getText())
                        && "1".equals(d.findElement(By.id("live-number")).getText()));
        browser.driver.findElement(By.id("cancel-experiment")).click();
        wait.withMessage(() -> "the page shows the experiment cancelled")
                .until(d -> "cancelled".equals(d.findElement(By.id("state")).getText()));
        assertEquals("cancelled", given().accept("application/json").get("/experiments/" + id).then().extract().path("state"));
        assertTrue(browser.driver.findElements(By.id("live")).isEmpty(), "no live part on an ended experiment");
        assertCleanSince("experiment page cancel");
    }

    private void cancelFromTheConsole(String kind, String id) throws Exception {
        open("/ui/");
        WebElement token = browser.driver.findElement(By.id("token"));
        token.clear();
        token.sendKeys(TOKEN);
        WebDriverWait wait = new WebDriverWait(browser.driver, Duration.ofSeconds(30), Duration.ofMillis(100));
        By button = By.cssSelector("#" + kind + " button[aria-label='cancel " + id + "']");
        wait.until(d -> !d.findElements(button).isEmpty());
        assertEquals("cancel", browser.driver.findElement(button).getText());
        browser.driver.findElement(button).click();
        wait.until(d -> d.findElement(By.id("message")).getText().equals("cancelled " + id));
        String state = "running";
        for (int i = 0; i < 600 && "running".equals(state); i++) {
            state = given().accept("application/json").get("/" + kind + "/" + id).then().extract().path("state");
            TimeUnit.MILLISECONDS.sleep(50);
        }
        assertEquals("cancelled", state, kind + " " + id);
        browser.driver.navigate().refresh();
        By row = By.cssSelector("#" + kind + " tbody tr");
        wait.until(d -> d.findElements(row).stream().anyMatch(r -> r.getText().contains(id) && r.getText().contains("cancelled")));
        assertTrue(browser.driver.findElements(button).isEmpty(), "no cancel control on an ended " + kind);
        assertCleanSince(kind + " cancel");
    }
}
