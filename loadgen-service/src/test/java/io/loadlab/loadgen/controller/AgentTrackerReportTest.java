package io.loadlab.loadgen.controller;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.distributed.AgentClient;
import io.loadlab.loadgen.distributed.AgentEndpoint;
import io.loadlab.loadgen.distributed.ClockOffset;
import io.loadlab.loadgen.distributed.IntervalBatch;
import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.run.KindTypes;
import io.loadlab.loadgen.run.RunJson;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongReport;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongSpec;
import io.loadlab.loadgen.udp.throughput.UdpThroughputReport;
import io.loadlab.loadgen.udp.throughput.UdpThroughputSpec;
import io.loadlab.testsupport.FakeAgent;
import io.loadlab.testsupport.FakeAgent.Endpoint;
import io.loadlab.testsupport.FakeAnswer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The part's own report an agent delivers with its last batch, as {@link AgentTracker} keeps it: asked for only when
 * the kind merges reports ({@code report=true}), kept when it is the part's kind, and a report of another kind is a
 * lie that fails that agent alone, as an implausible interval does. One {@link FakeAgent} scripted per test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AgentTrackerReportTest {

    private static final ObjectMapper JSON = RunJson.configure(new ObjectMapper(), List.of(
            new KindTypes(UdpThroughputSpec.KIND, UdpThroughputSpec.class, UdpThroughputReport.class),
            new KindTypes(UdpPingPongSpec.KIND, UdpPingPongSpec.class, UdpPingPongReport.class)));
    private static final long RUN_NANOS = 2_000_000_000L;

    private FakeAgent fake;
    private AgentClient client;

    @BeforeAll
    void start() {
        fake = FakeAgent.start("fake", "1");
        client = new AgentClient(HttpClient.newHttpClient(), JSON, new SystemNanoClock(), "t", Duration.ofSeconds(3));
    }

    @AfterAll
    void stop() {
        fake.close();
    }

    @BeforeEach
    void reset() {
        fake.reset();
    }

    private static String lastBatch(Object report) throws Exception {
        String batch = JSON.writeValueAsString(new IntervalBatch("succeeded", List.of(), true, 0, 0L, 0, null));
        return report == null ? batch
                : batch.substring(0, batch.length() - 1) + ",\"report\":" + JSON.writeValueAsString(report) + "}";
    }

    private static UdpThroughputReport throughput() {
        return new UdpThroughputReport(100, 2, 64, 50, 50, 0.003, 0.024, 0, 0, 100L, 0L, 0.0, null, RunSeries.EMPTY);
    }

    private AgentTracker tracker(Class<? extends io.loadlab.loadgen.report.RunReport> reportType) {
        AgentTracker t = new AgentTracker(new AgentEndpoint(URI.create(fake.url())), "fake", new ClockOffset(0, 0, 1),
                client, new SystemNanoClock(), RUN_NANOS, 15_000_000_000L, 0, reportType);
        t.started("part-1", System.nanoTime());
        return t;
    }

    @Test
    void aReportOfThePartsKindIsKept() throws Exception {
        String batch = lastBatch(throughput());
        fake.on(Endpoint.INTERVALS, r -> FakeAnswer.json(batch));
        AgentTracker t = tracker(UdpThroughputReport.class);
        t.poll();
        assertTrue(t.settled());
        assertEquals(throughput(), t.report());
        assertTrue(fake.calls(Endpoint.INTERVALS) == 1);
    }

    @Test
    void aReportOfAnotherKindFailsThatAgentAndIsNotKept() throws Exception {
        String batch = lastBatch(throughput());
        fake.on(Endpoint.INTERVALS, r -> FakeAnswer.json(batch));
        AgentTracker t = tracker(UdpPingPongReport.class);
        t.poll();
        assertTrue(t.failed(), "a throughput report for a ping-pong part is a lie");
        assertTrue(t.delivery().failure().contains("another kind"), t.delivery().failure());
        assertNull(t.report());
    }

    @Test
    void theReportIsAskedForOnlyWhenTheKindMergesReports() throws Exception {
        String batch = lastBatch(null);
        java.util.List<String> queries = new java.util.concurrent.CopyOnWriteArrayList<>();
        fake.on(Endpoint.INTERVALS, r -> {
            queries.add(r.query());
            return FakeAnswer.json(batch);
        });
        tracker(null).poll();
        tracker(UdpThroughputReport.class).poll();
        assertEquals(2, queries.size(), queries.toString());
        assertFalse(queries.get(0).contains("report"), queries.get(0));
        assertTrue(queries.get(1).contains("report=true"), queries.get(1));
    }

    @Test
    void aReportOutsideTheLastBatchIsUnreadable() {
        assertThrowsIllegal(() -> new IntervalBatch("running", List.of(), false, 0, 0L, 0, null, null, throughput()));
    }

    private static void assertThrowsIllegal(Runnable r) {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, r::run);
    }
}
