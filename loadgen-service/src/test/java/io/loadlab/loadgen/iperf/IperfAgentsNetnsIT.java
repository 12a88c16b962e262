package io.loadlab.loadgen.iperf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.NetnsLink;
import io.loadlab.testsupport.SystemTest;
import io.loadlab.testsupport.TargetService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26's claim for iperf: three agents measure one target's link together. The target service runs in namespace
 * {@code lgip-ns} behind a 100 Mbit/s tbf, its iperf3 server taking three tests at once
 * ({@code target.iperf.max-clients=3}); three packaged agents and their controller run on the host side, so the one
 * shaped link is what all three tests share (three agents each in a namespace of its own would add three links and
 * nothing to this claim). The distributed run's merged down rate, three tests of one stream, is within 5% of the stock
 * {@code iperf3 -c -R -P 3} through the same link, run before and after it (their mean); the figures are printed.
 */
@SystemTest
class IperfAgentsNetnsIT {

    private static final String NS = "10.201.26.2";

    @TempDir
    Path dir;

    @Test
    void threeAgentsFillTheLinkAsTheStockClientsThreeStreamsDo() throws Exception {
        try (NetnsLink link = NetnsLink.up("lgip-ns", "lgip-h", "lgip-n", "10.201.26.1", NS, "100mbit")) {
            List<LoadgenService> started = new ArrayList<>();
            TargetService target = null;
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                Future<TargetService> t = pool.submit(() -> TargetService.start(link.enter(), NS,
                        List.of("-Dtarget.iperf.max-clients=3")));
                List<Future<LoadgenService>> a = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    Path data = Files.createDirectories(dir.resolve("agent-" + i));
                    String name = "-Dloadgen.agent.name=lgip-" + i;
                    a.add(pool.submit(() -> LoadgenService.start(data, List.of(name, allowed()))));
                }
                target = t.get();
                List<String> agents = new ArrayList<>();
                for (Future<LoadgenService> f : a) {
                    started.add(f.get());
                    agents.add(started.get(started.size() - 1).uri("").toString());
                }
                LoadgenService controller = LoadgenService.start(Files.createDirectories(dir.resolve("controller")),
                        List.of("-Dloadgen.agents=" + String.join(",", agents), "-Dloadgen.agent.name=controller", allowed()));
                started.add(controller);
                measure(controller, target);
            } finally {
                pool.shutdownNow();
                started.forEach(LoadgenService::close);
                if (target != null) {
                    target.close();
                }
            }
        }
    }

    private static void measure(LoadgenService controller, TargetService target) throws Exception {
        double before = stock(target);
        String id = controller.started("/runs", "{\"kind\":\"iperf\",\"target\":\"" + target.iperf() + "\","
                + "\"protocol\":\"tcp\",\"streams\":3,\"direction\":\"down\",\"duration\":\"3s\",\"warmup\":\"1s\",\"agents\":3}");
        JsonNode run = controller.awaitFinished("/runs/" + id);
        double after = stock(target);
        assertEquals("completed", run.path("state").asText(), run::toPrettyString);
        JsonNode report = run.path("report");
        assertFalse(report.path("partial").asBoolean(), report::toPrettyString);
        JsonNode down = report.path("merged").path("directions").get(0);
        assertEquals("down", down.path("direction").asText(), report::toPrettyString);
        assertEquals(3, down.path("streams").size(), "one stream per agent: " + report);
        double merged = receivedPerSecond(down);
        double stock = (before + after) / 2;
        String figures = String.format(Locale.ROOT, "stock -P 3 %.2f and %.2f Mbit/s, three agents' merged %.2f Mbit/s"
                + " (sum line %.2f)", before / 1e6, after / 1e6, merged / 1e6, down.path("sum").path("bitsPerSecond").asDouble() / 1e6);
        System.out.println("IperfAgentsNetnsIT: " + figures);
        assertEquals(1.0, merged / stock, 0.05, figures);
    }

    /**
     * The merged down direction's bytes received within its measured seconds, summed from its intervals, over those
     * seconds: what iperf3's receiver counts by its end, the kind's own capacity figure ({@link IperfKind}); the sum
     * line also holds what was drained after the end (99.2 against 94.7 Mbit/s through this tbf).
     */
    private static double receivedPerSecond(JsonNode down) {
        JsonNode intervals = down.path("intervals");
        assertTrue(intervals.size() >= 2, "per-second intervals: " + down);
        long bytes = 0;
        for (JsonNode i : intervals) {
            bytes += i.path("bytes").asLong();
        }
        return bytes * 8 / (intervals.get(intervals.size() - 1).path("end").asDouble() - intervals.get(0).path("start").asDouble());
    }

    /** The namespace's address for every loadgen's allowlist (loopback stays allowed: the agents are called there). */
    private static String allowed() {
        return "-Dloadgen.targets.allowed=127.0.0.0/8,::1,localhost," + NS + "/32";
    }

    /** Debian's iperf3 client to the target's server, -R -P 3, 3 s after 1 s omitted: its receiver's bits/s. */
    private static double stock(TargetService target) throws Exception {
        Path out = Files.createTempFile("lgip-client", ".json");
        out.toFile().deleteOnExit();
        Process c = new ProcessBuilder("iperf3", "-c", NS, "-p", Integer.toString(target.iperfPort()), "-R", "-P", "3",
                "-t", "3", "-O", "1", "-J").redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertTrue(c.waitFor(30, TimeUnit.SECONDS), "iperf3 -c did not end (is iperf3 installed?)");
        JsonNode json = new ObjectMapper().readTree(out.toFile());
        double bits = json.path("end").path("sum_received").path("bits_per_second").asDouble();
        assertTrue(bits > 0, () -> "no end.sum_received.bits_per_second in " + json);
        return bits;
    }
}
