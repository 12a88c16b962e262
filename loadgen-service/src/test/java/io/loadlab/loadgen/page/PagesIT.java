package io.loadlab.loadgen.page;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.testsupport.Launch;
import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.ServiceJar;
import io.loadlab.testsupport.SystemTest;
import io.loadlab.testsupport.TargetService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every page, fetched over real HTTP from the packaged loadgen (under {@code -Pnative} its native runner: issue 28,
 * where the run page answered 500 natively because Qute reached a record by reflection) with a browser's
 * {@code Accept: text/html}: 200 and what the model put there, the report's own figures, not just a status.
 * One target and one loadgen for the class, runs of 1 s: the kinds' pages differ (http, udp, iperf), then an
 * experiment of one 1 s cell, a comparison and the console.
 */
@SystemTest
class PagesIT {

    private static final Pattern HEADLINE = Pattern.compile("data-field=\"(\\w+)\" data-value=\"([^\"]*)\"");

    @TempDir
    static Path data;
    static TargetService target;
    static LoadgenService loadgen;

    @BeforeAll
    static void start() throws Exception {
        target = TargetService.start();
        loadgen = LoadgenService.start(data);
    }

    @AfterAll
    static void stop() {
        if (loadgen != null) {
            loadgen.close();
        }
        if (target != null) {
            target.close();
        }
    }

    @Test
    void theBinariesAreTheBuildsOwn() {
        assertBinary(ServiceJar.TARGET, target.launch());
        assertBinary(ServiceJar.LOADGEN, loadgen.launch());
    }

    @Test
    void eachKindsRunPageShowsItsReport() throws Exception {
        String http = run(httpSpec());
        assertRunPage(http, "http", 3);
        assertRunPage(run("{\"kind\":\"udp-pingpong\",\"target\":\"" + target.udp() + "\",\"messageSize\":64,\"duration\":\"1s\"}"),
                "udp-pingpong", 3);
        // 1: an iperf report's figures are per direction, below its top level; the headline has its kind alone, the
        // kind's own tables the rest
        String iperf = run("{\"kind\":\"iperf\",\"target\":\"" + target.iperf() + "\",\"protocol\":\"tcp\",\"streams\":1,"
                + "\"direction\":\"up\",\"duration\":\"1s\"}");
        assertRunPage(iperf, "iperf", 1);
        assertIperfTables(iperf);

        String other = run(httpSpec());
        String compare = loadgen.html("/compare?runs=" + http + "," + other);
        assertTrue(compare.contains("id=\"compare\""), compare);
        for (String id : List.of(http, other)) {
            assertTrue(compare.contains(id), "compare names run " + id + ": " + compare);
        }
    }

    @Test
    void anExperimentsPageShowsItsCells() throws Exception {
        String b = target.base();
        String id = loadgen.started("/experiments", "{\"targets\":[{\"name\":\"pages-it\",\"url\":\"" + b + "/test/testApi\","
                + "\"metrics\":\"" + b + "/q/metrics\",\"cores\":1}],\"variants\":[{\"number\":2,\"connections\":2,\"threads\":1}],"
                + "\"duration\":\"1s\",\"warmup\":\"0s\",\"timeout\":\"10s\",\"linkMbps\":10000}");
        JsonNode x = loadgen.awaitFinished("/experiments/" + id);
        assertEquals("completed", x.path("state").asText(), x.toString());
        for (String path : List.of("/experiments/" + id, "/experiments/" + id + "/report.html")) {
            String page = loadgen.html(path);
            assertTrue(page.contains("<code>" + id + "</code>") && page.contains("id=\"cells\""), path + ": " + page);
            assertTrue(page.contains("pages-it"), path + " names the cell's target: " + page);
            String verdict = x.path("cells").path(0).path("verdict").path("verdict").asText(x.path("cells").path(0).path("verdict").asText());
            assertTrue(!verdict.isEmpty() && page.contains(verdict), path + " shows the cell's verdict '" + verdict + "': " + page);
        }
    }

    @Test
    void theConsoleIsServed() throws Exception {
        String console = loadgen.html("/ui/");
        assertTrue(console.contains("<title>loadgen console</title>") && console.contains("id=\"start\""), console);
        assertEquals(200, loadgen.get("/ui/console.js").statusCode());
    }

    private static void assertBinary(ServiceJar jar, Launch launch) {
        String runner = System.getProperty(jar.runnerProperty(), "").strip();
        if (runner.isEmpty()) {
            assertEquals(Launch.Mode.JVM, launch.mode(), launch.toString());
            assertTrue(launch.command().get(launch.command().size() - 1).endsWith("quarkus-run.jar"), launch.toString());
        } else {
            assertEquals(Launch.Mode.NATIVE, launch.mode(), launch.toString());
            assertEquals(Path.of(runner).toAbsolutePath().toString(), launch.command().get(0), launch.toString());
        }
    }

    /**
     * The page and its {@code report.html} twin: 200, the run's id, kind and state, and a headline whose every figure
     * the report has carries the JSON report's exact value ({@code data-value}); at least {@code figures} of them,
     * so an empty table cannot pass.
     */
    private static void assertRunPage(String id, String kind, int figures) throws Exception {
        JsonNode report = loadgen.json("/runs/" + id + "/report");
        for (String path : List.of("/runs/" + id, "/runs/" + id + "/report.html")) {
            String page = loadgen.html(path);
            assertTrue(page.contains("<title>Run " + id + "</title>") || page.contains("Run <code>" + id + "</code>"), path + ": " + page);
            assertTrue(page.contains(kind + " against"), path + " names the kind " + kind + ": " + page);
            assertTrue(page.contains("id=\"state\">completed<"), path + " shows the state: " + page);
            Map<String, String> shown = new LinkedHashMap<>();
            Matcher m = HEADLINE.matcher(page);
            while (m.find()) {
                shown.put(m.group(1), m.group(2));
            }
            long checked = shown.entrySet().stream().filter(e -> report.path(e.getKey()).isValueNode() && !report.path(e.getKey()).isNull())
                    .peek(e -> assertEquals(report.path(e.getKey()).asText(), e.getValue(), path + " " + e.getKey())).count();
            assertTrue(checked >= figures, path + ": headline figures matching the report " + shown + " of " + report);
        }
    }

    /**
     * An iperf run's page has its direction's sums as the JSON report writes them and one per-second row per interval
     * of the report, charted.
     */
    private static void assertIperfTables(String id) throws Exception {
        JsonNode up = loadgen.json("/runs/" + id + "/report").path("directions").get(0);
        assertEquals("up", up.path("direction").asText(), up.toString());
        String page = loadgen.html("/runs/" + id + "/report.html");
        List<String> seconds = rows(page, "table-iperf-up-seconds");
        assertTrue(up.path("intervals").size() >= 1, "a 1 s run has an interval: " + up);
        assertEquals(up.path("intervals").size(), seconds.size(), "one row per interval: " + page);
        for (int i = 0; i < seconds.size(); i++) {
            JsonNode in = up.path("intervals").get(i);
            assertEquals("<td>" + in.path("start").asText() + "</td><td>" + in.path("end").asText() + "</td><td>"
                    + in.path("bytes").asText() + "</td><td>" + in.path("bitsPerSecond").asText() + "</td>", seconds.get(i));
        }
        assertTrue(page.contains("data-chart=\"table\" data-table=\"iperf-up-seconds\""), page);
        List<String> sums = rows(page, "table-iperf-directions");
        assertEquals(1, sums.size(), page);
        assertTrue(sums.get(0).startsWith("<td>up</td><td>" + up.path("sum").path("sentBytes").asText() + "</td><td>"
                + up.path("sum").path("receivedBytes").asText() + "</td>"), sums.get(0));
    }

    private static List<String> rows(String page, String table) {
        int at = page.indexOf("<table id=\"" + table + "\"");
        assertTrue(at >= 0, "no table " + table + ": " + page);
        Matcher m = Pattern.compile("<tr>(.*?)</tr>").matcher(page.substring(page.indexOf("<tbody>", at), page.indexOf("</tbody>", at)));
        List<String> rows = new java.util.ArrayList<>();
        while (m.find()) {
            rows.add(m.group(1));
        }
        return rows;
    }

    private String httpSpec() {
        return "{\"kind\":\"http\",\"target\":\"" + target.testApi() + "\",\"method\":\"POST\",\"body\":\"{\\\"number\\\": 2}\","
                + "\"connections\":2,\"threads\":1,\"duration\":\"1s\",\"warmup\":\"0s\",\"rate\":0}";
    }

    private static String run(String spec) throws Exception {
        String id = loadgen.started("/runs", spec);
        JsonNode r = loadgen.awaitFinished("/runs/" + id);
        assertEquals("completed", r.path("state").asText(), r.toString());
        return id;
    }
}
