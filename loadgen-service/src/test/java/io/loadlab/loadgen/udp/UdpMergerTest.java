package io.loadlab.loadgen.udp;

import com.sun.net.httpserver.HttpServer;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.Histograms;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.report.SeriesPoint;
import io.loadlab.loadgen.run.MergedParts;
import io.loadlab.loadgen.run.PartsMerger;
import io.loadlab.loadgen.scrape.Scraper;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongKind;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongReport;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongSpec;
import io.loadlab.loadgen.udp.throughput.UdpThroughputKind;
import io.loadlab.loadgen.udp.throughput.UdpThroughputReport;
import io.loadlab.loadgen.udp.throughput.UdpThroughputSpec;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The UDP kinds' merge of a distributed run from fixed parts: counters summed, round trips from the merged
 * histogram, and received from the reflector's own count, read once before and once after, served here by a real
 * HTTP server whose counter the test sets (the reflector's /q/metrics text).
 */
class UdpMergerTest {

    private static final URI TARGET = URI.create("udp://127.0.0.1:11111");
    private static final Duration TWO = Duration.ofSeconds(2);

    private final AtomicLong reflectorCount = new AtomicLong(5_000);
    private HttpServer reflector;
    private UdpRunDriver driver;

    @BeforeEach
    void start() throws Exception {
        reflector = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        reflector.createContext("/q/metrics", ex -> {
            byte[] body = ("# TYPE target_udp_received_total counter\ntarget_udp_received_total "
                    + reflectorCount.get() + ".0\n").getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        reflector.start();
        driver = new UdpRunDriver(System::nanoTime, address -> true, new Scraper(HttpClient.newHttpClient()));
    }

    @AfterEach
    void stop() {
        reflector.stop(0);
    }

    /** {@code kind} on this test's driver (its merger reads the reflector through the driver's scraper). */
    private <K extends UdpKind<?, ?>> K driven(K kind) {
        ((UdpKind<?, ?>) kind).driver(driver);
        return kind;
    }

    private URI metrics() {
        return URI.create("http://127.0.0.1:" + reflector.getAddress().getPort() + "/q/metrics");
    }

    private static UdpThroughputReport part(long sent, long[] perSecond) {
        List<SeriesPoint> points = new ArrayList<>();
        for (int s = 0; s < perSecond.length; s++) {
            points.add(new SeriesPoint(s, perSecond[s], 0, 0, 0, 0, null));
        }
        return new UdpThroughputReport(sent, 2, 100, 500, sent / 2.0, 0, 0, 0, 100, null, null, null, null,
                new RunSeries(points));
    }

    @Test
    void throughputReceivedIsTheReflectorsCountReadAroundTheWholeRunAndLostIsSentMinusIt() {
        UdpThroughputKind kind = driven(new UdpThroughputKind(null, null));
        PartsMerger merger = kind.beginMerge(new UdpThroughputSpec(TARGET, 100, 1500, TWO, Duration.ofMillis(200),
                metrics()));
        reflectorCount.addAndGet(3_270); // the three agents' messages as the reflector counted them, warm-up included
        MergedParts merged = new MergedParts(Map.of(Counter.SENT, 3_000L), Map.of(Counter.SENT, 300L), null, 2.0, 3,
                false);
        List<RunReport> parts = List.of(part(1_001, new long[] {500, 501}), part(1_000, new long[] {500, 500}),
                part(999, new long[] {499, 500}));

        UdpThroughputReport r = (UdpThroughputReport) merger.merge(parts, merged).orElseThrow();

        assertEquals(3_000, r.messagesSent(), "sent: the agents' counters summed");
        assertEquals(300, r.warmupMessagesSent());
        assertEquals(3_270, r.received(), "the reflector's own count, read before and after by the controller");
        assertEquals(30, r.lost(), "sent (warm-up included) - received");
        assertEquals(100.0 * 30 / 3_300, r.lossPercent(), 1e-12);
        assertEquals(1500, r.requestedRate(), 0, "the whole spec's rate");
        assertEquals(1500, r.messagesPerSecond(), 1e-9, "3,000 over the 2 s measured");
        assertEquals(List.of(1499L, 1501L), r.series().points().stream().map(SeriesPoint::requests).toList(),
                "each second summed over the agents");
    }

    @Test
    void aPartialMergeReportsTheReflectorsCountButNoLoss() {
        UdpThroughputKind kind = driven(new UdpThroughputKind(null, null));
        PartsMerger merger = kind.beginMerge(new UdpThroughputSpec(TARGET, 100, 1500, TWO, Duration.ZERO, metrics()));
        reflectorCount.addAndGet(3_000);
        MergedParts merged = new MergedParts(Map.of(Counter.SENT, 2_000L), Map.of(), null, 2.0, 3, true);
        List<RunReport> parts = new ArrayList<>(List.of(part(1_000, new long[] {500, 500}),
                part(1_000, new long[] {500, 500})));
        parts.add(null);

        UdpThroughputReport r = (UdpThroughputReport) merger.merge(parts, merged).orElseThrow();

        assertEquals(3_000, r.received());
        assertNull(r.lost(), "an agent's messages missing from the sum: a loss of -1,000 would be false");
        assertNull(r.lossPercent());
        assertTrue(r.targetMetricsProblem().contains("did not deliver"), r.targetMetricsProblem());
        assertTrue(r.series().isEmpty(), "a sum missing an agent is no series");
    }

    @Test
    void anUnreadableReflectorRefusesTheMergeBeforeAnyPartStarts() {
        UdpThroughputKind kind = driven(new UdpThroughputKind(null, null));
        reflector.stop(0);
        assertThrows(UncheckedIOException.class, () -> kind.beginMerge(new UdpThroughputSpec(TARGET, 100, 1500, TWO,
                Duration.ZERO, metrics())));
    }

    @Test
    void pingPongRoundTripsComeFromTheMergedHistogramNeverAveraged() {
        UdpPingPongKind kind = driven(new UdpPingPongKind(null, null));
        PartsMerger merger = kind.beginMerge(new UdpPingPongSpec(TARGET, 64, 0, TWO, Duration.ZERO));
        // one agent's 990 round trips of 20 µs and another's 10 of 5 ms: averaging the two p99s would say 2.5 ms
        Histogram h = Histograms.newHistogram();
        h.recordValueWithCount(20_000, 990);
        h.recordValueWithCount(5_000_000, 10);
        MergedParts merged = new MergedParts(Map.of(Counter.SENT, 1_002L, Counter.PONGS_REQUESTED, 1_002L,
                Counter.COMPLETED, 1_000L), Map.of(), HistogramCodec.encode(h), 2.0, 2, false);

        UdpPingPongReport r = (UdpPingPongReport) merger.merge(List.of(pongs(990), pongs(10)), merged).orElseThrow();

        assertEquals(1_000, r.pongsReceived());
        assertEquals(1_000, r.rttMicros().count(), "the merged histogram holds every pong of every agent");
        assertEquals(2, r.dropped(), "pings asked - pongs");
        assertEquals(LatencySummary.ofNanos(h).p99(), r.rttMicros().p99(), 0);
        assertTrue(r.rttMicros().p99() < 21, "the 99th of 1,000 round trips is a 20 µs one: " + r.rttMicros());
        assertEquals(r.rttMicros().p99() / 2, r.latencyMicros().p99(), 0, "sockperf's latency, RTT/2");
        assertTrue(r.series().isEmpty(), "per-second round trips cannot be added from points");
    }

    private static UdpPingPongReport pongs(long n) {
        LatencySummary some = new LatencySummary(1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, n);
        return new UdpPingPongReport(n, 2, 64, 0, n / 2.0, n, 0, 0, 0, 0, some, some,
                new RunSeries(List.of(new SeriesPoint(0, n, 0, 10, 20, 30, 0L))));
    }
}
