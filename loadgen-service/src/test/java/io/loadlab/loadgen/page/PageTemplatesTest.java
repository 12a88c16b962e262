package io.loadlab.loadgen.page;

import io.loadlab.loadgen.experiment.ExperimentRecord;
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
        return new RunPageView("r1", "http", "requests", "completed", "http://127.0.0.1:1/", "", "", "", null, null, true,
                new ReportFigures(List.of(), new LatencyTable(List.of(), List.of())), List.of(), List.of(), List.of(),
                "{}", gate);
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
