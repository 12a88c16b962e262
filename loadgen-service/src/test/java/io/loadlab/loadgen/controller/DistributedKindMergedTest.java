package io.loadlab.loadgen.controller;

import io.loadlab.loadgen.distributed.AgentSummary;
import io.loadlab.loadgen.distributed.LatencyMicros;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongKind;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongReport;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongSpec;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A distributed run whose kind made its own merged report ({@link DistributedReport#merged}) reads as that kind: its
 * text is the kind's layout of the merged report, then the agents' lines; its thresholds' figures are the kind's own
 * (a UDP p99Millis is half the round trip, as sockperf's; the distributed report's latency is the round trip).
 */
class DistributedKindMergedTest {

    private static final LatencySummary RTT = new LatencySummary(40, 1, 20, 30, 40, 50, 60, 80, 90, 95, 99, 100, 600);
    private static final UdpPingPongSpec RUN = new UdpPingPongSpec(URI.create("udp://127.0.0.1:9"), 64, 300,
            Duration.ofSeconds(2), Duration.ZERO);

    private final DistributedKind kind = new DistributedKind(new DistributedRunDriver(
            new RunKinds(List.of(new UdpPingPongKind(null, null))), null, null, null, null, "1"));

    private static RunRecord run(boolean partial) {
        UdpPingPongReport merged = new UdpPingPongReport(600, 2, 64, 300, 300, 600, 0, 0, 0, 0,
                new LatencySummary(20, 0.5, 10, 15, 20, 25, 30, 40, 45, 47.5, 49.5, 50, 600), RTT, RunSeries.EMPTY);
        List<AgentSummary> agents = List.of(
                new AgentSummary("agent-1", "127.0.0.1:1", 300, 150, 0, new LatencyMicros(40, 80, 100), 0.1, 50, null),
                new AgentSummary("agent-2", "127.0.0.1:2", 300, 150, 0, new LatencyMicros(40, 80, 100), 0.1, 60,
                        partial ? "stopped answering" : null));
        DistributedReport r = new DistributedReport(UdpPingPongSpec.KIND, 600, 0, 2, 300, 300, 0,
                Map.of(Counter.SENT, 600L, Counter.COMPLETED, 600L), RTT, 600, agents, partial,
                partial ? "agent agent-2 failed" : null, null, merged);
        return new RunRecord("r", RunState.COMPLETED, new DistributedRunSpec("2", RUN), Instant.EPOCH, Instant.EPOCH,
                Instant.EPOCH, r, null, null);
    }

    @Test
    void theTextIsTheKindsOwnLayoutOfTheMergedReportThenTheAgents() {
        String text = kind.text(run(false)).orElseThrow();
        assertTrue(text.startsWith("sockperf: "), text);
        assertTrue(text.contains("2 agents, histograms merged exactly") && text.contains("agent-2"), text);
        assertTrue(text.indexOf("sockperf: ") < text.indexOf("agent-1"), text);
    }

    @Test
    void thresholdsReadTheKindsOwnFiguresOfTheMergedReport() {
        Map<String, Double> f = kind.gateFigures(run(false));
        assertEquals(0.040, f.get("p99Millis"), 1e-12, "one-way, RTT/2, as a local ping-pong's: " + f);
        assertEquals(0.080, f.get("rttP99Millis"), 1e-12, f.toString());
        assertEquals(1.0, f.get("trustworthy"));
        assertEquals(0.0, kind.gateFigures(run(true)).get("trustworthy"));
    }
}
