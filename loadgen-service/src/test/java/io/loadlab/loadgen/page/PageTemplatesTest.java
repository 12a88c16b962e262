package io.loadlab.loadgen.page;

import io.loadlab.loadgen.experiment.ExperimentRecord;
import io.loadlab.loadgen.run.ReportTable;
import io.loadlab.loadgen.run.ReportTable.Row;
import io.loadlab.loadgen.run.RunProgress;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real templates, rendered by the application's own Qute, with the gate, the repeats and the baseline comparison
 * as the contract's records hold them: the banner, the thresholds, the intervals and the words are on the page, and a
 * run or experiment that asked for none of them shows none.
 */
@QuarkusTest
class PageTemplatesTest {

    @Inject
    @Location("run.html")
    Template run;
    @Inject
    @Location("experiment.html")
    Template experiment;

    private static RunPageView runView(GateView gate) {
        return runView(gate, List.of());
    }

    private static RunPageView runView(GateView gate, List<ReportTable> tables) {
        return new RunPageView("r1", "http", "requests", "completed", "http://127.0.0.1:1/", "", "", "", null, null, true,
                new ReportFigures(List.of(), new LatencyTable(List.of(), List.of())), List.of(), List.of(), List.of(),
                "{}", gate, tables);
    }

    /**
     * A kind's tables, whatever kind made them: each under its title, one row per row with its cells as given (escaped),
     * a chart only where the table plots a column.
     */
    @Test
    void aKindsTablesAreShownRowForRowAndChartedWhereThePlotSaysSo() {
        ReportTable seconds = new ReportTable("iperf-up-seconds", "Per second, up", List.of("start", "end", "bytes", "bitsPerSecond"),
                List.of(Row.of(0.0, 1.0, 1000, 8000.0), Row.of(1.0, 2.0, 2000, 16000.0), Row.of(2.0, 2.5, 10, 160.0)),
                List.of("bitsPerSecond"));
        ReportTable agents = new ReportTable("agents", "Agents", List.of("name", "failure"),
                List.of(Row.of("a-0", null), Row.of("a-1", "<refused>")));
        String page = run.data("run", runView(null, List.of(seconds, agents))).render();
        assertEquals(List.of("<td>0.0</td><td>1.0</td><td>1000</td><td>8000.0</td>",
                "<td>1.0</td><td>2.0</td><td>2000</td><td>16000.0</td>",
                "<td>2.0</td><td>2.5</td><td>10</td><td>160.0</td>"), bodyRows(page, "table-iperf-up-seconds"));
        assertEquals(List.of("<td>a-0</td><td></td>", "<td>a-1</td><td>&lt;refused&gt;</td>"), bodyRows(page, "table-agents"));
        assertTrue(page.contains("<h2>Per second, up</h2>") && page.contains("<h2>Agents</h2>"), page);
        assertTrue(page.contains("id=\"chart-iperf-up-seconds\" data-chart=\"table\" data-table=\"iperf-up-seconds\""), page);
        assertFalse(page.contains("id=\"chart-agents\""), "nothing plotted, no chart");
        assertFalse(run.data("run", runView(null)).render().contains("kind-table"), "no tables, no section");
    }

    /** The body rows of the table {@code id}, each its cells' HTML. */
    private static List<String> bodyRows(String page, String id) {
        int at = page.indexOf("<table id=\"" + id + "\"");
        assertTrue(at >= 0, "no table " + id + ": " + page);
        String body = page.substring(page.indexOf("<tbody>", at), page.indexOf("</tbody>", at));
        Matcher m = Pattern.compile("<tr>(.*?)</tr>").matcher(body);
        List<String> rows = new java.util.ArrayList<>();
        while (m.find()) {
            rows.add(m.group(1));
        }
        return rows;
    }

    /**
     * While it runs, the experiment page says which run of how many, which cell, and the run's live figures, and has
     * the cancel control; once finished, none of it and no script that reloads it.
     */
    @Test
    void aRunningExperimentShowsItsRunningCellAndACancelAFinishedOneNeither() {
        ExperimentRecord done = PageRecords.experiment();
        ExperimentRecord x = ExperimentRecord.started("20260101-000000-000-003", done.spec(), PageRecords.NOW)
                .withCell(done.cells().get(0)).running("r7", "local/" + PageRecords.SMALL.label());
        RunProgress progress = new RunProgress(1.5, false, 1234, 822.7, 3, 0, 0, 4, 0, null);
        String page = experiment.data("page", ExperimentPageView.of(x, null, "{}",
                LivePanel.of(x, progress, "requests"))).render();
        assertTrue(page.contains("Run <span id=\"live-number\">2</span> of at most <span id=\"live-planned\">"
                + x.runsPlanned() + "</span>"), page);
        assertTrue(page.contains("<strong id=\"live-cell-name\">local/" + PageRecords.SMALL.label() + "</strong>"), page);
        assertTrue(page.contains("<a id=\"live-run\" href=\"/runs/r7/report.html\">r7</a>"), page);
        assertTrue(page.contains("<td id=\"live-elapsed\" data-value=\"1.5\">1.5 s measured</td>"), page);
        assertTrue(page.contains("<th scope=\"row\">requests</th><td id=\"live-count\" data-value=\"1234\">1,234</td>"), page);
        assertTrue(page.contains("<td id=\"live-errors\" data-value=\"3\">3</td>"), page);
        assertTrue(page.contains("id=\"cancel-experiment\" data-experiment=\"" + x.id() + "\""), page);
        assertTrue(page.contains("<script src=\"/pages/experiment.js\"></script>"), page);
        assertTrue(page.contains("<noscript><meta http-equiv=\"refresh\" content=\"3\"></noscript>"), page);
        assertFalse(page.contains("id=\"live-p99\""), "no interval latency yet: no p99, not 0");

        String between = experiment.data("page", ExperimentPageView.of(x, null, "{}", LivePanel.of(x, null, "requests"))).render();
        assertTrue(between.contains("id=\"live-ended\""), "its run ended between the two reads: " + between);

        String finished = experiment.data("page", ExperimentPageView.of(done, null, "{}", LivePanel.of(done, progress, "requests"))).render();
        assertFalse(finished.contains("id=\"live\"") || finished.contains("cancel-experiment") || finished.contains("experiment.js")
                || finished.contains("http-equiv=\"refresh\""), finished);
    }

    @Test
    void aRunWithThresholdsShowsTheVerdictAboveItsFigures() {
        String page = run.data("run", runView(GateView.of(PageRecords.failedGate()))).render();
        assertTrue(page.contains("<span class=\"verdict-word\" id=\"gate-verdict\">FAILED</span>"), page);
        assertTrue(page.indexOf("id=\"gate\"") < page.indexOf("Headline figures"), "the verdict comes first");
        assertTrue(page.contains("ended early by <code>errors &lt; 10</code>"), page);
        assertTrue(page.contains("<p id=\"gate-reason\">p99Millis &lt; 50: 73.2</p>"), page);
        assertEquals(List.of("p99Millis|&lt; 50 (50 ms)|73.2|73.2 ms|fail",
                "requestsPerSecond|&gt;= 20000 (20,000 req/s)|137777.3|137,777 req/s|pass",
                "errorRate|&lt; 0.001 (0.10 %)||—|fail"), thresholdRows(page));

        String none = run.data("run", runView(null)).render();
        assertFalse(none.contains("id=\"gate\""), "no thresholds asked, no banner");
    }

    @Test
    void anExperimentShowsItsVerdictEachCellInWordsItsIntervalsAndTheBaseline() {
        ExperimentRecord x = PageRecords.experiment();
        String page = experiment.data("page", ExperimentPageView.of(x, null, "{}")).render();
        assertTrue(page.contains("id=\"gate-verdict\">FAILED<"), page);
        assertEquals(3, thresholdRows(page).size());
        assertTrue(page.contains("<th scope=\"col\">cell</th>"), "thresholds per scope");
        String verdict = x.cells().get(0).verdict().verdict();
        assertTrue(page.contains("<p class=\"sentence\"><strong>" + verdict + "</strong>: "
                + x.cells().get(0).verdict().reason().replace(">", "&gt;").replace("<", "&lt;") + "</p>"), page);
        assertTrue(page.contains("<dd data-value=\"0.94\">94.0 % of its cores</dd>"), page);
        assertTrue(page.contains("<td class=\"rate\" data-value=\"137777.3\">137,777</td>"), page);
        assertTrue(page.contains("<td class=\"p99\" data-value=\"1.63\">1.63 ms</td>"), page);
        assertTrue(page.contains("id=\"repeats\""), page);
        assertTrue(page.contains("<td class=\"vs-variant\">significant (vs " + PageRecords.SMALL.label() + ")</td>"), page);
        assertTrue(page.contains("<td class=\"change-regressed\">regressed</td>"), page);
        assertTrue(page.contains("<td class=\"change-cannot-tell\">cannot tell: the baseline has 1 repeat; both sides need 3</td>"), page);
        assertTrue(page.contains("href=\"/experiments/20251231-000000-000-001\""), page);
        assertTrue(page.contains("id=\"warmup-pass\"") && page.contains("28,810"), "the discarded pass and what it measured");
    }

    /** Each threshold row: name, limit, exact figure, figure shown, result. */
    private static List<String> thresholdRows(String page) {
        Matcher m = Pattern.compile("<tr data-name=\"([^\"]+)\">(?:<td>[^<]*</td>)?<th scope=\"row\">[^<]+</th><td>([^<]*)</td>"
                + "<td class=\"actual\" data-value=\"([^\"]*)\">([^<]*)</td><td class=\"(?:pass|fail)\">(pass|fail)</td></tr>").matcher(page);
        List<String> rows = new java.util.ArrayList<>();
        while (m.find()) {
            rows.add(String.join("|", m.group(1), m.group(2), m.group(3), m.group(4), m.group(5)));
        }
        return rows;
    }
}
