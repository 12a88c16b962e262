package io.loadlab.loadgen.iperf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.run.ReportTable;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An iperf report as the run page's tables, asked of the kind: one row per direction with its sums, one per end with
 * its CPU, and per direction one row per interval; every cell the JSON report's own text of that figure.
 */
class IperfTablesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static IperfReport report() {
        StreamFigures udpUp = new StreamFigures(0, 2_000_000, 1_000_000, 2.0, null, 0.25, 10L, 1000L, 1.0, 0L);
        StreamFigures tcpDown = new StreamFigures(0, 4_000_000, 3_999_000, 2.0, 3L, null, null, null, null, null);
        List<IntervalFigures> up = List.of(new IntervalFigures(0, 1, 1_000_000), new IntervalFigures(1, 2, 1_000_000),
                new IntervalFigures(2, 2.5, 12_345));
        List<IntervalFigures> down = List.of(new IntervalFigures(0, 1.0002, 2_000_000), new IntervalFigures(1.0002, 2, 1_999_000));
        return new IperfReport(null, List.of(new DirectionReport("up", List.of(udpUp), udpUp, up),
                new DirectionReport("down", List.of(tcpDown), tcpDown, down)),
                new IperfReport.CpuUtilisation(12.5, 2.5, 10.0), null, null);
    }

    @Test
    void eachDirectionHasItsSumsAndOneRowPerIntervalAsTheJsonWritesThem() {
        IperfReport r = report();
        JsonNode json = JSON.valueToTree(r);
        List<ReportTable> tables = new IperfKind(null, null, null).tables(null, r);
        assertEquals(List.of("iperf-directions", "iperf-cpu", "iperf-up-seconds", "iperf-down-seconds"),
                tables.stream().map(ReportTable::id).toList());

        ReportTable sums = tables.get(0);
        assertEquals(2, sums.rows().size());
        for (int d = 0; d < 2; d++) {
            JsonNode sum = json.path("directions").get(d).path("sum");
            assertEquals(json.path("directions").get(d).path("direction").asText(), sums.rows().get(d).cells().get(0));
            for (int c = 1; c < sums.columns().size(); c++) {
                JsonNode v = sum.path(sums.columns().get(c));
                assertEquals(v.isNull() ? "" : v.asText(), sums.rows().get(d).cells().get(c), sums.columns().get(c));
            }
        }
        assertEquals("", sums.rows().get(1).cells().get(sums.columns().indexOf("jitterMillis")), "TCP: no jitter, not 0");
        assertEquals("3", sums.rows().get(1).cells().get(sums.columns().indexOf("retransmits")));

        assertEquals(List.of(ReportTable.Row.of("local", 12.5, 2.5, 10.0)), tables.get(1).rows(), "no remote CPU: no row");

        for (int d = 0; d < 2; d++) {
            ReportTable seconds = tables.get(2 + d);
            JsonNode intervals = json.path("directions").get(d).path("intervals");
            assertEquals(intervals.size(), seconds.rows().size(), "one row per interval");
            assertEquals(List.of("bitsPerSecond"), seconds.plotted());
            for (int i = 0; i < intervals.size(); i++) {
                for (int c = 0; c < seconds.columns().size(); c++) {
                    assertEquals(intervals.get(i).path(seconds.columns().get(c)).asText(), seconds.rows().get(i).cells().get(c));
                }
            }
        }
        assertEquals("197520.0", tables.get(2).rows().get(2).cells().get(3), "12,345 bytes in half a second");
    }
}
