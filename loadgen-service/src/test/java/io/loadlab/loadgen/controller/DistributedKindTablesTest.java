package io.loadlab.loadgen.controller;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.distributed.AgentSummary;
import io.loadlab.loadgen.distributed.LatencyMicros;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.run.ReportTable;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A distributed report's agents as the run page's table, asked of the kind: one row per agent, the JSON's own figures. */
class DistributedKindTablesTest {

    static DistributedReport report() {
        List<AgentSummary> agents = List.of(
                new AgentSummary("a-0", "127.0.0.1:9001", 1200, 600.0, 0, new LatencyMicros(110.5, 480.0, 900.25), 0.42, 35.5, null),
                new AgentSummary("a-1", "127.0.0.1:9002", 1100, 550.0, 2, new LatencyMicros(120.0, 510.0, 1200.0), 0.61, 12.0, null),
                new AgentSummary("a-2", "127.0.0.1:9003", 0, 0.0, 0, LatencyMicros.EMPTY, 0.0, 8.0, "connect refused"));
        return new DistributedReport("http", 2300, 100, 2.0, 1150.0, 0, 2, Map.of(Counter.COMPLETED, 2300L),
                LatencySummary.EMPTY, 2300, agents, true, "a-2: connect refused");
    }

    @Test
    void oneRowPerAgentWithItsOwnFiguresAsTheJsonWritesThem() {
        DistributedReport r = report();
        JsonNode agents = new ObjectMapper().valueToTree(r).path("agents");
        List<ReportTable> tables = new DistributedKind(null).tables(null, r);
        assertEquals(1, tables.size());
        ReportTable t = tables.get(0);
        assertEquals("agents", t.id());
        assertEquals(3, t.rows().size(), "one row per agent");
        for (int i = 0; i < 3; i++) {
            JsonNode a = agents.get(i);
            List<String> cells = t.rows().get(i).cells();
            List<String> expected = List.of(a.path("name").asText(), a.path("address").asText(), a.path("requests").asText(),
                    a.path("requestsPerSecond").asText(), a.path("errors").asText(), a.path("latencyMicros").path("p50").asText(),
                    a.path("latencyMicros").path("p99").asText(), a.path("latencyMicros").path("max").asText(),
                    a.path("saturation").asText(), a.path("startSkewMicros").asText(),
                    a.path("failure").isNull() ? "" : a.path("failure").asText());
            assertEquals(expected, cells, "agent " + i);
        }
        assertEquals("connect refused", t.rows().get(2).cells().get(10));
    }
}
