package io.loadlab.loadgen.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.report.SeriesPoint;
import io.loadlab.loadgen.run.RunsTest;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The per-second series is persisted with the report, and a report kept before reports had one still reads. */
class HttpReportJsonTest {

    private final ObjectMapper json = RunsTest.mapper();

    private static HttpReport report(RunSeries series) {
        return new HttpReport(12, 2.0, 6.0, 1200, 600, new HttpErrors(0, 1, 0, 0, 0), LatencySummary.EMPTY, null, null,
                2, 0, 6.0, 3, null, series);
    }

    @Test
    void theSeriesReadsBackAsItWasWritten() throws Exception {
        HttpReport r = report(new RunSeries(List.of(new SeriesPoint(0, 7, 1, 10.5, 20.0, 31.25, null),
                new SeriesPoint(1, 5, 0, 11.0, 12.0, 12.0, null))));

        assertEquals(r, json.readValue(json.writeValueAsString(r), HttpReport.class));
        assertEquals(2, json.valueToTree(r).path("series").path("points").size());
    }

    @Test
    void theConnectionsAccountingReadsBackAndAnOlderReportReadsAsZeros() throws Exception {
        HttpReport r = new HttpReport(12, 2.0, 6.0, 1200, 600, new HttpErrors(5, 0, 0, 0, 0), LatencySummary.EMPTY, null,
                null, 2, 0, 6.0, 3, null, RunSeries.EMPTY, 5, 2, 3);
        ObjectNode tree = json.valueToTree(r);

        assertEquals(5, tree.path("connectionsRequested").asLong());
        assertEquals(2, tree.path("connectionsEstablished").asLong());
        assertEquals(3, tree.path("connectionsNeverOpened").asLong());
        assertEquals(r, json.treeToValue(tree, HttpReport.class));
        tree.remove(List.of("connectionsRequested", "connectionsEstablished", "connectionsNeverOpened"));
        assertEquals(0, json.treeToValue(tree, HttpReport.class).connectionsNeverOpened());
    }

    @Test
    void moreConnectionsThanRequestedIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new HttpReport(0, 1, 0, 0, 0, new HttpErrors(0, 0, 0, 0, 0),
                LatencySummary.EMPTY, null, null, 0, 0, 0, 0, null, RunSeries.EMPTY, 2, 2, 1));
    }

    @Test
    void aReportWithoutASeriesReadsAsAnEmptyOne() throws Exception {
        ObjectNode old = json.valueToTree(report(RunSeries.EMPTY));
        old.remove("series");

        assertEquals(RunSeries.EMPTY, json.treeToValue(old, HttpReport.class).series());
    }
}
