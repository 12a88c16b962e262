package io.loadlab.loadgen.api;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Leak test (issue 10): 50 short runs of every kind back to back, through the API, against the real target on
 * loopback, in this JVM (the loadgen runs in-process). Threads, open descriptors ({@code /proc/self/fd}) and heap
 * after a full GC return to the baseline within 5%. The baseline is taken after one warm-up run of each kind, so
 * pools created lazily on first use (the shared scrape client, Netty's allocators) are part of it; finished runs are
 * kept in memory up to {@code loadgen.runs.retain}, set here to the warm-up count so the kept set is full at the
 * baseline too. A client per UDP run (issue 10 item 8) added 3 threads and 3 fds a run.
 */
@QuarkusTest
@TestProfile(RunsLeakTest.Profile.class)
class RunsLeakTest {

    private static final int ROUNDS = 50;
    private static final double TOLERANCE = 0.05;

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("loadgen.runs.retain", Integer.toString(kinds().size()));
        }
    }

    private static List<String> kinds() {
        return List.of("closed", "open", "no-keepalive", "udp-throughput", "udp-pingpong", "udp-underload");
    }

    private static String spec(String kind) {
        String http = "{\"kind\":\"http\",\"target\":\"" + target.testApi() + "\",\"method\":\"POST\","
                + "\"headers\":{\"Content-Type\":\"application/json\"},\"body\":\"{\\\"number\\\": 2}\","
                + "\"connections\":2,\"threads\":1,\"duration\":\"200ms\",\"warmup\":\"0s\",\"timeout\":\"2s\"";
        String udp = "\"target\":\"" + target.process().udp() + "\",\"messageSize\":64,\"duration\":\"200ms\","
                + "\"warmup\":\"0s\"";
        return switch (kind) {
            case "closed" -> http + "}";
            case "open" -> http + ",\"rate\":200}";
            case "no-keepalive" -> http + ",\"rate\":200,\"keepAlive\":false}";
            case "udp-throughput" -> "{\"kind\":\"udp-throughput\"," + udp + ",\"rate\":1000,\"targetMetrics\":\""
                    + target.base() + "/q/metrics\"}";
            case "udp-pingpong" -> "{\"kind\":\"udp-pingpong\"," + udp + "}";
            case "udp-underload" -> "{\"kind\":\"udp-underload\"," + udp + ",\"rate\":1000,\"replyEvery\":10}";
            default -> throw new IllegalArgumentException(kind);
        };
    }

    private static void runToEnd(String kind) throws InterruptedException {
        String id = authed().body(spec(kind)).post("/runs").then().statusCode(202).extract().path("id");
        for (int i = 0; i < 400; i++) {
            String state = given().get("/runs/" + id).then().statusCode(200).extract().path("state");
            if (!"running".equals(state) && !"queued".equals(state)) {
                assertEquals("completed", state, kind + " run " + id + " ended as " + state);
                return;
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
        throw new AssertionError(kind + " run " + id + " did not finish within 8 s");
    }

    record Usage(int threads, long fds, long heap) {
        static Usage now() throws IOException, InterruptedException {
            for (int i = 0; i < 3; i++) {
                System.gc();
                TimeUnit.MILLISECONDS.sleep(100);
            }
            try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
                return new Usage(ManagementFactory.getThreadMXBean().getThreadCount(), fds.count(),
                        ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
            }
        }

        boolean within(Usage base) {
            return threads <= base.threads * (1 + TOLERANCE) + 1 && fds <= base.fds * (1 + TOLERANCE) + 1
                    && heap <= base.heap * (1 + TOLERANCE);
        }
    }

    @Test
    void fiftyRunsOfEveryKindLeaveNoThreadsDescriptorsOrHeapBehind() throws Exception {
        for (String kind : kinds()) {
            runToEnd(kind);
        }
        Usage base = Usage.now();
        for (int round = 0; round < ROUNDS; round++) {
            for (String kind : kinds()) {
                runToEnd(kind);
            }
        }
        // Event loops of the last run stop asynchronously; give them a bounded while.
        Usage after = Usage.now();
        for (int i = 0; i < 20 && !after.within(base); i++) {
            TimeUnit.MILLISECONDS.sleep(500);
            after = Usage.now();
        }
        System.out.printf("leak test: %d runs; baseline %s; after %s%n", ROUNDS * kinds().size(), base, after);
        assertTrue(after.within(base), "after " + ROUNDS * kinds().size() + " runs " + after + " vs baseline " + base
                + " (+-" + (int) (TOLERANCE * 100) + "%)");
    }
}
