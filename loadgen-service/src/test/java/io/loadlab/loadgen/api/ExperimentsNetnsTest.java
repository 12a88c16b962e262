package io.loadlab.loadgen.api;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The verdicts against reality: the target in its own network namespace behind a 100 Mbit/s link, pinned
 * to core 1; this JVM is the loadgen, in the root namespace (the simplest topology where only the link
 * to the target is shaped and the loadgen's API stays on loopback). The allowlist admits the namespace's
 * address for this test only.
 * <ul>
 * <li>number=391 (34 KB answers): network-bound, requests/s = link rate / answer size within 15%.</li>
 * <li>number=10 (tiny answers), 50 connections, no link limit: cpu-bound at the default
 *     cpu-saturation, with the loadgen pinned to core 0 and the target to core 1.</li>
 * <li>The loadgen pinned to core 0 while four busy loops spin there, no link limit, the target warmed up:
 *     loadgen-bound (it waits for its CPU).</li>
 * </ul>
 */
@QuarkusTest
@TestProfile(ExperimentsNetnsTest.Netns.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExperimentsNetnsTest {

    public static class Netns implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("loadgen.targets.allowed", "127.0.0.0/8,::1,localhost," + NetnsTarget.NS_ADDR + "/32",
                    "loadgen.experiments.capacity-duration", "2s");
        }
    }

    private static NetnsTarget target;

    @BeforeAll
    static void start() throws Exception {
        target = new NetnsTarget("100mbit", 1);
    }

    @AfterAll
    static void stop() {
        if (target != null) {
            target.close();
        }
        NetnsTarget.cleanup();
    }

    private static String spec(String variants, String extra) {
        return spec(target.base(), variants, extra, "2s");
    }

    private static String spec(String base, String variants, String extra, String warmup) {
        return "{\"targets\":[{\"name\":\"netns-1\",\"url\":\"" + base + "/test/testApi\",\"metrics\":\""
                + base + "/q/metrics\",\"cores\":1}],\"variants\":[" + variants + "],"
                + "\"duration\":\"3s\",\"warmup\":\"" + warmup + "\"" + extra + "}";
    }

    private static JsonPath experiment(String spec) throws InterruptedException {
        String id = authed().body(spec).post("/experiments").then().statusCode(202).extract().path("id");
        JsonPath x = ExperimentsApiTest.await(id);
        System.out.println(given().accept("text/plain").get("/experiments/" + id).asString());
        assertEquals("completed", x.getString("state"), x.prettify());
        return x;
    }

    @Test
    @Order(1)
    void bigAnswersFillTheLink() throws Exception {
        target.rate("100mbit");
        JsonPath x = experiment(spec("{\"number\":391,\"connections\":16,\"threads\":1}", ""));
        double linkMbps = x.getDouble("links[0].mbps");
        assertTrue(linkMbps > 80 && linkMbps < 115, "measured link is about 100 Mbit/s: " + linkMbps);
        assertEquals("network-bound", x.getString("cells[0].verdict.verdict"), x.prettify());
        double rps = x.getDouble("cells[0].requestsPerSecond");
        double bytesPerAnswer = x.getDouble("cells[0].mbPerSecond") * 1e6 / rps;
        double expected = 100e6 / 8 / bytesPerAnswer;
        assertEquals(expected, rps, expected * 0.15, "requests/s = 100 Mbit/s / " + (long) bytesPerAnswer + " bytes");
    }

    /**
     * At 100 Mbit/s tiny answers fill the link long before one core is busy (about 11k/s of 1 KB answers), so
     * for this cell the link limit is removed. The loadgen (this JVM) is pinned to core 0 and the target to
     * core 1, and the target is interpreted (see {@link NetnsTarget}), as when the loadgen has a machine of its
     * own: the target's one core is then the limit, at the default cpu-saturation.
     */
    @Test
    @Order(3) // last: by then this JVM's own JIT work, which would compete on the loadgen's one core, is done
    void smallAnswersFillTheTargetsCore() throws Exception {
        target.rate(null);
        long self = ProcessHandle.current().pid();
        NetnsTarget.pin(self, "0");
        JsonPath x;
        try {
            x = experiment(spec(target.interpretedBase(), "{\"number\":10,\"connections\":32,\"threads\":1}",
                    ",\"linkMbps\":10000", "2s"));
        } finally {
            NetnsTarget.pin(self, allCpus());
        }
        assertEquals("cpu-bound", x.getString("cells[0].verdict.verdict"), x.prettify());
    }

    @Test
    @Order(2)
    void aLoadgenSharingItsCoreWithABusyLoopIsLoadgenBound() throws Exception {
        target.rate(null); // no link limit: only the starved loadgen can set the pace
        long self = ProcessHandle.current().pid();
        // Four spinning neighbours: the loadgen gets about a fifth of its core, so its event loop always has
        // answers waiting and spends its time running or waiting for the CPU, never idle.
        List<Process> busy = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            busy.add(new ProcessBuilder(NetnsTarget.busyLoop(0, 30)).start());
        }
        NetnsTarget.pin(self, "0");
        JsonPath x;
        try {
            // A long warm-up: the target's JIT compiles at this rate first, or its CPU reads as saturated too.
            x = experiment(spec(target.base(), "{\"number\":10,\"connections\":50,\"threads\":1}", ",\"linkMbps\":10000", "8s"));
        } finally {
            NetnsTarget.pin(self, allCpus());
            for (Process p : busy) {
                p.destroy();
                p.waitFor(5, TimeUnit.SECONDS);
            }
        }
        assertEquals("loadgen-bound", x.getString("cells[0].verdict.verdict"), x.prettify());
        assertEquals(false, x.getBoolean("cells[0].verdict.trustworthy"));
    }

    private static String allCpus() throws Exception {
        Process p = new ProcessBuilder("nproc", "--all").start();
        int n = Integer.parseInt(new String(p.getInputStream().readAllBytes()).trim());
        return "0-" + (n - 1);
    }
}
