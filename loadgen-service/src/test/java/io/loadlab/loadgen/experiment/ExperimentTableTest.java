package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.run.RunState;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExperimentTableTest {

    static final Instant T0 = Instant.parse("2025-01-02T03:04:05Z");

    static ExperimentRecord sample() {
        ExperimentTarget t1 = new ExperimentTarget("target-1", URI.create("http://127.0.0.1:1/test/testApi"),
                URI.create("http://127.0.0.1:1/q/metrics"), 1);
        ExperimentTarget t2 = new ExperimentTarget("target-2", URI.create("http://127.0.0.1:2/test/testApi"),
                URI.create("http://127.0.0.1:2/q/metrics"), 2);
        Variant small = new Variant(10, 50, 2, true, 0);
        ExperimentSpec spec = new ExperimentSpec("demo", List.of(t1, t2), List.of(small), Duration.ofSeconds(3),
                Duration.ofSeconds(1), null, 100.0, null, null, null);
        Verdicts v = new Verdicts(Thresholds.DEFAULTS);
        CellResult c1 = new CellResult("target-1", 1, small.label(), "20250102-030405-000-001", "completed", 10_000,
                10.0, 1.5, 9.25, 0, 0, 0, 10_000, v.decide(Evidence.of(0.97, 0.8, 0.4, 0.02, null)));
        CellResult c2 = new CellResult("target-2", 2, small.label(), "20250102-030405-000-002", "completed", 18_000,
                12.0, 1.2, 7.5, 3, 0.0002, 0, 18_000, v.decide(Evidence.of(0.5, 0.96, 0.5, 0.0, null)));
        return ExperimentRecord.started("20250102-030405-000-000", spec, T0)
                .withLink(LinkCapacity.given("target-1", 100))
                .withCell(c1).withCell(c2).finished(RunState.COMPLETED, T0.plusSeconds(10), null);
    }

    @Test
    void csvHasAHeaderAndOneLinePerCell() {
        String[] lines = ExperimentTable.csv(sample()).split("\n");
        assertEquals(3, lines.length);
        assertEquals(ExperimentTable.CSV_HEADER, lines[0]);
        assertEquals("target-1,1,n=10 c=50,10000.0,10.000,1.500,9.250,0,0.970,0.400,0.800,,,,,cpu-bound,true,20250102-030405-000-001,", lines[1]);
        assertEquals("target-2,2,n=10 c=50,18000.0,12.000,1.200,7.500,3,0.500,0.500,0.960,,,,,network-bound,true,20250102-030405-000-002,", lines[2]);
    }

    @Test
    void textShowsTheTableTheReasonsAndTheScaling() {
        String text = ExperimentTable.text(sample());
        assertTrue(text.contains("link to target-1: 100.0 Mbit/s (given)"), text);
        assertTrue(text.matches("(?s).*target-1\\s+1\\s+n=10 c=50\\s+10000\\.0\\s+10\\.00\\s+1\\.50\\s+9\\.25\\s+0\\s+97%\\s+-\\s+-\\s+40%\\s+80%\\s+cpu-bound\n.*"), text);
        assertTrue(text.contains("target CPU 0.97 of its cores >= 0.85"), text);
        assertTrue(text.matches("(?s).*Scaling.*target-2\\s+2\\s+18000\\.0\\s+9000\\.0\\s+0\\.90.*"), text);
    }

    @Test
    void textShowsTheChecksWarningsAndALinkNothingCouldMeasure() {
        ExperimentRecord x = ExperimentRecord.started("20250102-030405-000-003", sample().spec(), T0)
                .withWarnings(List.of("targets[0].resources: a cell spans 2 scrapes, fewer than 4"))
                .withLink(LinkCapacity.none("target-2", "no download URL and no linkMbps"));
        String text = ExperimentTable.text(x);
        assertTrue(text.contains("  warning: targets[0].resources: a cell spans 2 scrapes, fewer than 4\n"), text);
        assertTrue(text.contains("  link to target-2: unknown (no download URL and no linkMbps)\n"), text);
    }

    @Test
    void warningsAreBounded() {
        List<String> many = java.util.Collections.nCopies(60, "w".repeat(600));
        ExperimentRecord x = ExperimentRecord.started("20250102-030405-000-004", sample().spec(), T0).withWarnings(many);
        assertEquals(ExperimentRecord.MAX_WARNINGS, x.warnings().size());
        assertEquals(ExperimentRecord.MAX_WARNING, x.warnings().get(0).length());
    }

    @Test
    void aCellOnAgentsSaysHowManyInBothLayouts() {
        ExperimentRecord x = sample();
        CellResult c = x.cells().get(0);
        CellResult onAgents = new CellResult(c.target(), c.cores(), c.variant(), c.runId(), c.runState(),
                c.requestsPerSecond(), c.mbPerSecond(), c.p50Millis(), c.p99Millis(), c.errors(), c.errorRate(),
                c.requestedRate(), c.achievedRate(), c.verdict(), 3);
        ExperimentRecord y = ExperimentRecord.started(x.id(), x.spec(), T0).withCell(onAgents);
        assertTrue(ExperimentTable.csv(y).split("\n")[1].endsWith(",20250102-030405-000-001,3"), ExperimentTable.csv(y));
        assertTrue(ExperimentTable.text(y).contains("cpu-bound on 3 agents"), ExperimentTable.text(y));
    }

    @Test
    void csvQuotesFieldsWithCommas() {
        ExperimentRecord x = sample();
        CellResult c = x.cells().get(0);
        CellResult odd = new CellResult(c.target(), c.cores(), "a,\"b\"", c.runId(), c.runState(), 1, 1, 1, 1, 0, 0, 0, 1,
                c.verdict());
        ExperimentRecord y = ExperimentRecord.started(x.id(), x.spec(), T0).withCell(odd);
        assertTrue(ExperimentTable.csv(y).contains(",\"a,\"\"b\"\"\","));
    }
}
