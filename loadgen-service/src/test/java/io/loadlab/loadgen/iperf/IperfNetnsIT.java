package io.loadlab.loadgen.iperf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.common.iperf.Direction;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.NetnsLink;
import io.loadlab.testsupport.SystemTest;
import io.loadlab.testsupport.TargetService;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Through a 100 Mbit/s tbf link to a stock {@code iperf3 -s} in a namespace of this test's own: the engine's TCP
 * and UDP bit rates down (the shaped way), and the experiment's link probe's, within 5% of the stock client's over
 * the same link. The link, not the machine, sets all three, so a busy machine moves them together. And the real
 * thing: the packaged loadgen, asked through {@code POST /experiments} without {@code linkMbps}, measures the link
 * to the target service in a namespace as the stock client measures it to that target's iperf3 server. An IT, so
 * failsafe runs it after the jar is packaged (under surefire CI found no jar).
 */
@SystemTest
class IperfNetnsIT {

    private static final String NS_ADDR = "10.201.7.2";
    private static final IperfClient CLIENT = new IperfClient(System::nanoTime, new Random(), Duration.ofSeconds(10));

    @Test
    void tcpDownMatchesTheStockClientOverATbfLink() throws Exception {
        try (NetnsLink link = NetnsLink.up("iperf-ns", "iperf-h", "iperf-n", "10.201.7.1", NS_ADDR, "100mbit")) {
            Process p = server(link);
            try {
                double stock = stock("-P", "4");
                IperfReport engine = run(new IperfSpec(IperfSpec.target(NS_ADDR, 5201), Protocol.TCP, 4, Direction.DOWN,
                        0, 0, Duration.ofSeconds(3), Duration.ofSeconds(1)));
                assertNull(engine.error(), () -> IperfTextReport.render(engine));
                IperfReport probe = run((IperfSpec) new IperfLinkProbe().spec(URI.create("tcp://" + NS_ADDR + ":5201"),
                        Duration.ofSeconds(3)));
                assertNull(probe.error(), () -> IperfTextReport.render(probe));
                double ours = engine.direction("down").sum().receivedBitsPerSecond();
                double capacity = probe.direction("down").sum().receivedBitsPerSecond();
                String figures = "stock " + stock / 1e6 + " Mbit/s, engine " + ours / 1e6 + ", probe " + capacity / 1e6;
                assertEquals(1.0, ours / stock, 0.05, figures);
                assertEquals(1.0, capacity / stock, 0.05, figures);
            } finally {
                p.destroy();
                p.waitFor(5, TimeUnit.SECONDS);
                p.destroyForcibly();
            }
        }
    }

    /** UDP at 150 Mbit/s into the 100 Mbit/s link: what arrives is what the link passes, for both clients. */
    @Test
    void udpDownMatchesTheStockClientOverATbfLink() throws Exception {
        try (NetnsLink link = NetnsLink.up("iperf-ns", "iperf-h", "iperf-n", "10.201.7.1", NS_ADDR, "100mbit")) {
            Process p = server(link);
            try {
                double stock = stock("-u", "-b", "150M", "-l", "1400");
                IperfReport engine = run(new IperfSpec(IperfSpec.target(NS_ADDR, 5201), Protocol.UDP, 1, Direction.DOWN,
                        150_000_000, 1400, Duration.ofSeconds(3), Duration.ofSeconds(1)));
                assertNull(engine.error(), () -> IperfTextReport.render(engine));
                double ours = engine.direction("down").sum().receivedBitsPerSecond();
                assertEquals(1.0, ours / stock, 0.05, "stock " + stock / 1e6 + " Mbit/s, engine " + ours / 1e6);
            } finally {
                p.destroy();
                p.waitFor(5, TimeUnit.SECONDS);
                p.destroyForcibly();
            }
        }
    }

    /**
     * An experiment of one tiny cell posted to the packaged loadgen, the target service in namespace
     * {@code iperf18-ns} behind a 100 Mbit/s tbf: its {@code links[0].mbps}, measured by the iperf3 probe down
     * (four TCP streams, one second omitted), within 5% of the stock client's {@code -R -P 4 -O 1} against the
     * same target over the same link, run before and after it; the figures are printed.
     */
    @Test
    void anExperimentMeasuresTheLinkAsTheStockClientDoes() throws Exception {
        Path data = Files.createTempDirectory("iperf18-loadgen");
        try {
            measureTheLink(data);
        } finally {
            try (java.util.stream.Stream<Path> paths = Files.walk(data)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    private static void measureTheLink(Path data) throws Exception {
        String ns = "10.201.18.2";
        try (NetnsLink link = NetnsLink.up("iperf18-ns", "iperf18-h", "iperf18-n", "10.201.18.1", ns, "100mbit");
             TargetService target = TargetService.start(link.enter(), ns);
             LoadgenService loadgen = LoadgenService.start(data, List.of(
                     "-Dloadgen.targets.allowed=127.0.0.0/8,::1,localhost," + ns + "/32",
                     "-Dloadgen.experiments.capacity-duration=3s"))) {
            String base = target.base();
            String spec = "{\"targets\":[{\"name\":\"netns\",\"url\":\"" + base + "/test/testApi\",\"metrics\":\""
                    + base + "/q/metrics\",\"cores\":1,\"iperf\":\"" + target.iperf() + "\"}],"
                    + "\"variants\":[{\"number\":10,\"connections\":1,\"threads\":1}],\"duration\":\"1s\",\"warmup\":\"0s\"}";
            double before = stock(ns, target.iperfPort(), "-P", "4");
            JsonNode x = loadgen.awaitFinished("/experiments/" + loadgen.started("/experiments", spec));
            double after = stock(ns, target.iperfPort(), "-P", "4");
            assertEquals("completed", x.path("state").asText(), x::toPrettyString);
            JsonNode capacity = x.path("links").path(0);
            assertEquals("iperf3 TCP, 4 streams, down", capacity.path("method").asText(), x::toPrettyString);
            assertTrue(capacity.path("measured").asBoolean(), x::toPrettyString);
            double measured = capacity.path("mbps").asDouble() * 1e6;
            double stock = (before + after) / 2;
            String figures = String.format(java.util.Locale.ROOT, "stock client %.2f and %.2f Mbit/s, experiment's link %.2f Mbit/s",
                    before / 1e6, after / 1e6, measured / 1e6);
            System.out.println("IperfNetnsIT: " + figures);
            assertEquals(1.0, measured / stock, 0.05, figures);
        }
    }

    /**
     * One test; iperf3's server stops listening for a moment between tests (a run right after the stock client's was
     * refused), so a refused connect is tried again, at most 20 times.
     */
    private static IperfReport run(IperfSpec spec) throws InterruptedException {
        IperfReport r = CLIENT.run(spec);
        for (int i = 0; i < 20 && r.error() != null && r.error().contains("Connection refused"); i++) {
            TimeUnit.MILLISECONDS.sleep(250);
            r = CLIENT.run(spec);
        }
        return r;
    }

    private static Process server(NetnsLink link) throws Exception {
        List<String> server = new ArrayList<>(link.enter());
        server.addAll(List.of("iperf3", "-s", "-B", NS_ADDR, "-p", "5201"));
        Path log = Files.createTempFile("iperf-netns", ".log");
        log.toFile().deleteOnExit(); // read while the test runs (its failure quotes it); gone with the test JVM
        Process p = new ProcessBuilder(server).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        TimeUnit.MILLISECONDS.sleep(500);
        assertTrue(p.isAlive(), () -> "iperf3 -s in the namespace: " + read(log));
        return p;
    }

    /** Debian's iperf3 client, -R, 3 s after 1 s omitted: what its receiver counted per second. */
    private static double stock(String... options) throws Exception {
        return stock(NS_ADDR, 5201, options);
    }

    private static double stock(String host, int port, String... options) throws Exception {
        Path out = Files.createTempFile("iperf-netns-client", ".json");
        out.toFile().deleteOnExit();
        List<String> command = new ArrayList<>(List.of("iperf3", "-c", host, "-p", Integer.toString(port), "-R", "-t", "3", "-O", "1", "-J"));
        command.addAll(List.of(options));
        Process c = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertTrue(c.waitFor(30, TimeUnit.SECONDS), "iperf3 -c did not end");
        JsonNode json = new ObjectMapper().readTree(out.toFile());
        double bits = json.path("end").path("sum_received").path("bits_per_second").asDouble();
        assertTrue(bits > 0, () -> "no end.sum_received.bits_per_second in " + json);
        return bits;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
