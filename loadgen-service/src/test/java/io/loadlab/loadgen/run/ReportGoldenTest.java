package io.loadlab.loadgen.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.loadlab.common.iperf.Direction;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.loadgen.controller.DistributedKind;
import io.loadlab.loadgen.controller.DistributedReport;
import io.loadlab.loadgen.distributed.AgentSummary;
import io.loadlab.loadgen.distributed.LatencyMicros;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.http.H2Report;
import io.loadlab.loadgen.http.HttpErrors;
import io.loadlab.loadgen.http.HttpKind;
import io.loadlab.loadgen.http.HttpOutcomeMeters;
import io.loadlab.loadgen.http.HttpReport;
import io.loadlab.loadgen.http.LocalPortMeters;
import io.loadlab.loadgen.http.RequestReport;
import io.loadlab.loadgen.http.TlsReport;
import io.loadlab.loadgen.iperf.DirectionReport;
import io.loadlab.loadgen.iperf.IntervalFigures;
import io.loadlab.loadgen.iperf.IperfKind;
import io.loadlab.loadgen.iperf.IperfReport;
import io.loadlab.loadgen.iperf.IperfSpec;
import io.loadlab.loadgen.iperf.StreamFigures;
import io.loadlab.loadgen.report.Disturbance;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.LocalPorts;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.report.SeriesPoint;
import io.loadlab.loadgen.udp.UdpMessageMeters;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongKind;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongReport;
import io.loadlab.loadgen.udp.throughput.UdpThroughputKind;
import io.loadlab.loadgen.udp.throughput.UdpThroughputReport;
import io.loadlab.loadgen.udp.underload.UdpUnderLoadKind;
import io.loadlab.loadgen.udp.underload.UdpUnderLoadReport;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Reports look the same to users: one report of each kind, built from fixed figures, is written with the service's
 * own JSON configuration ({@link RunJson#configure} with the installed kinds' types) and compared byte for byte, key
 * order included, with a golden file under {@code src/test/resources/reports/}; each golden reads back into the same
 * record and writes again identically. A change to a report record shows here as a diff: on a mismatch the report
 * as written now is left in {@code target/reports-actual/} to compare, and to copy over the golden when the change
 * is meant (and said in the README).
 */
class ReportGoldenTest {

    private static final LimitsConfig LIMITS = ConfigDefaults.of(LimitsConfig.class);
    private static final UdpMessageMeters UDP_METERS = new UdpMessageMeters(new SimpleMeterRegistry());
    /** The kinds main installs, built by hand (no run is started): their types are what Quarkus' mapper gets. */
    private static final RunKinds KINDS = new RunKinds(List.of(
            new HttpKind(new HttpOutcomeMeters(new SimpleMeterRegistry()), new LocalPortMeters(new SimpleMeterRegistry()), LIMITS),
            new UdpThroughputKind(UDP_METERS, LIMITS), new UdpPingPongKind(UDP_METERS, LIMITS),
            new UdpUnderLoadKind(UDP_METERS, LIMITS), new IperfKind(null, null, null), new DistributedKind(null)));
    private static final ObjectMapper JSON = RunJson.configure(new ObjectMapper(), KINDS.types());
    private static final ObjectWriter WRITER = JSON.writerFor(RunReport.class).withDefaultPrettyPrinter();

    static Stream<Arguments> reports() {
        return Stream.of(
                Arguments.of("http", http()),
                Arguments.of("http-mix", http().withMix(List.of(request("search", 3, 6), request("item", 1, 2)))),
                Arguments.of("http-h2-tls", h2Tls()),
                Arguments.of("udp-throughput", udpThroughput()),
                Arguments.of("udp-pingpong", udpPingPong()),
                Arguments.of("udp-under-load", udpUnderLoad()),
                Arguments.of("iperf", iperf()),
                Arguments.of("distributed", distributed()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("reports")
    void aReportIsWrittenAsItsGolden(String name, RunReport report) throws IOException {
        String written = WRITER.writeValueAsString(report) + "\n";
        String golden = stored(name);
        if (!written.equals(golden)) {
            Path actual = Path.of("target", "reports-actual", name + ".json");
            Files.createDirectories(actual.getParent());
            Files.writeString(actual, written);
            assertNotNull(golden, "no golden reports/" + name + ".json; as written now: " + actual);
            assertEquals(golden, written, "the " + name + " report's JSON changed for users; as written now: " + actual
                    + " (copy it over the golden only for a change that is meant, and say so in the README)");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("reports")
    void aGoldenReadsBackIntoTheSameRecordAndWritesAgainIdentically(String name, RunReport report) throws IOException {
        String golden = golden(name);
        RunReport read = JSON.readValue(golden, RunReport.class);
        assertEquals(report, read, name);
        assertEquals(golden, WRITER.writeValueAsString(read) + "\n", name);
    }

    private static String golden(String name) throws IOException {
        String golden = stored(name);
        assertNotNull(golden, "no golden reports/" + name + ".json");
        return golden;
    }

    /** The golden report {@code name}; null when there is none. */
    private static String stored(String name) throws IOException {
        try (InputStream in = ReportGoldenTest.class.getResourceAsStream("/reports/" + name + ".json")) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Latencies in microseconds that rise with the percentile from {@code base}. */
    private static LatencySummary latency(double base, long count) {
        return new LatencySummary(base * 1.5, base / 2, base / 4, base, base * 1.25, base * 1.5, base * 2, base * 4,
                base * 8, base * 16, base * 16, base * 20, count);
    }

    private static RunSeries series(long... perSecond) {
        return new RunSeries(Stream.iterate(0, i -> i + 1).limit(perSecond.length)
                .map(i -> new SeriesPoint(i, perSecond[i], i, 250, 1000, 5000, null)).toList());
    }

    /** An open-model HTTP/1.1 run in clear text with keep-alive: no connect times or ports, nothing disturbed. */
    private static HttpReport http() {
        return new HttpReport(8, 1.0, 8.0, 8192, 1024, new HttpErrors(0, 0, 0, 0, 1, 0), latency(400, 8),
                latency(200, 8), null, 2, 8.0, 8.0, 2, null, series(8), 2, 2, 0);
    }

    private static RequestReport request(String name, int weight, long requests) {
        return new RequestReport(name, weight, requests, requests, requests, 1, requests * 1024, requests * 128,
                new HttpErrors(0, 0, 0, 0, 0), latency(400, requests), null, RunSeries.EMPTY);
    }

    /** HTTP/2 over TLS without keep-alive: handshakes, streams, connect times, ports and a disturbance. */
    private static HttpReport h2Tls() {
        return new HttpReport(10, 1.0, 10.0, 10240, 1280, new HttpErrors(1, 0, 0, 0, 0, 0, 2, 1, 1), latency(800, 10),
                null, latency(300, 4), 4, 0, 10.0, 0, new LocalPorts(2, 3), series(10), 4, 4, 0,
                new Disturbance(12_000, 40, 0.02, "event loop 12.0 ms late"),
                new TlsReport(4, 1, latency(1200, 4), "h2", "TLSv1.3", "TLS_AES_128_GCM_SHA256", 2,
                        Map.of("handshake timed out", 1L, "certificate expired", 1L)),
                new H2Report(100, 128, 100, 1, Map.of("CANCEL", 1L, "REFUSED_STREAM", 2L)));
    }

    private static UdpThroughputReport udpThroughput() {
        return new UdpThroughputReport(1000, 1.0, 64, 1000, 1000, 0.064, 0.512, 0, 500, 990L, 10L, 1.0, null,
                series(1000));
    }

    private static UdpPingPongReport udpPingPong() {
        return new UdpPingPongReport(100, 1.0, 64, 100, 100, 98, 2, 0, 1, 0, latency(20, 98), latency(40, 98),
                series(100));
    }

    /** Under load, with the target's counters unreadable: received and loss absent, the problem said. */
    private static UdpUnderLoadReport udpUnderLoad() {
        return new UdpUnderLoadReport(1000, 1.0, 64, 1000, 1000, 0.064, 0.512, 100, 10, 9, 1, 0, 0, 0, 500,
                latency(20, 9), latency(40, 9), null, null, null, "target metrics: connection refused", series(1000));
    }

    /** TCP both ways over one stream for 1 s: per-direction streams, sums and intervals; UDP-only figures null. */
    private static IperfReport iperf() {
        IperfSpec spec = new IperfSpec(URI.create("tcp://127.0.0.1:5201"), Protocol.TCP, 1, Direction.BIDIR, 0, 0,
                Duration.ofSeconds(1), Duration.ZERO);
        return new IperfReport(spec, List.of(direction("up", 2_500_000), direction("down", 1_250_000)),
                new IperfReport.CpuUtilisation(12.5, 2.5, 10.0), new IperfReport.CpuUtilisation(25.0, 5.0, 20.0), null);
    }

    private static DirectionReport direction(String name, long bytes) {
        return new DirectionReport(name, List.of(new StreamFigures(5, bytes, bytes, 1.0, 3L, null, null, null, null, null)),
                new StreamFigures(0, bytes, bytes, 1.0, 3L, null, null, null, null, null),
                List.of(new IntervalFigures(0, 1, bytes)));
    }

    /** An HTTP run over two agents, one of which delivered no final part: partial, with the merged counters. */
    private static DistributedReport distributed() {
        return new DistributedReport("http", 12, 2, 2.0, 6.0, 6.0, 1,
                Map.of(Counter.SENT, 13L, Counter.COMPLETED, 12L, Counter.STATUS_4XX, 1L, Counter.BYTES_RECEIVED, 12288L),
                latency(400, 12), 12, List.of(
                new AgentSummary("agent-1", "http://127.0.0.1:8091", 8, 4.0, 1, new LatencyMicros(500, 1600, 8000),
                        0.25, 120.0, null),
                new AgentSummary("agent-2", "http://127.0.0.1:8092", 4, 2.0, 0, new LatencyMicros(500, 1600, 8000),
                        0.25, 80.0, "agent-2 stopped answering after 1 s")),
                true, "1 of 2 agents delivered no final part");
    }
}
