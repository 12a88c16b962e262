package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Leak test (issue 10): 50 short runs of every kind back to back, through the API, against the real target on
 * loopback, in this JVM (the loadgen runs in-process). Threads and open descriptors ({@code /proc/self/fd}), counted
 * without forcing a GC (the per-run clients of issue 10 item 8 were released only by one), return to the baseline
 * within 5%. The baseline is taken after one warm-up run of each kind, so
 * pools created lazily on first use (the shared scrape client, Netty's allocators) are part of it; finished runs are
 * kept in memory up to {@code loadgen.runs.retain}, set here to the warm-up count so the kept set is full at the
 * baseline too. With a client per UDP run (issue 10 item 8) this failed: threads 26 -> 101, fds 651 -> 1129.
 * Heap after GC is printed but not yet asserted: 300 runs took it from 83 to 166 MB, 72 MB of that in 816 live
 * {@code long[]} (HdrHistogram counts), retained beyond {@code retain}; that retention is reported, not fixed here.
 */
@QuarkusTest
@TestProfile(RunsLeakTest.Profile.class)
class RunsLeakTest {

    private static final int ROUNDS = 50;
    private static final double TOLERANCE = 0.05;

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    /*
     * One pooled client for the test's own calls: RestAssured's connections stay open until a GC, and in this JVM
     * they count among the descriptors measured (346 of them over 300 runs).
     */
    private static final HttpClient API = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TestHTTPResource("/")
    URI root;
    private static String base;

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

    private static void runToEnd(String kind) throws IOException, InterruptedException {
        HttpResponse<String> posted = API.send(HttpRequest.newBuilder(URI.create(base + "/runs"))
                .header("Authorization", "Bearer " + RunsApiTest.TOKEN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(spec(kind))).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(202, posted.statusCode(), posted.body());
        String id = JSON.readTree(posted.body()).path("id").asText();
        for (int i = 0; i < 400; i++) {
            HttpResponse<String> run = API.send(HttpRequest.newBuilder(URI.create(base + "/runs/" + id)).build(),
                    HttpResponse.BodyHandlers.ofString());
            String state = JSON.readTree(run.body()).path("state").asText();
            if (!"running".equals(state) && !"queued".equals(state)) {
                assertEquals("completed", state, kind + " run " + id + " ended as " + state);
                return;
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
        throw new AssertionError(kind + " run " + id + " did not finish within 8 s");
    }

    /** Threads and descriptors as they are: a leak must not need a GC to be released (the per-run clients did). */
    record Handles(int threads, long fds) {
        static Handles now() throws IOException {
            try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
                return new Handles(ManagementFactory.getThreadMXBean().getThreadCount(), fds.count());
            }
        }

        boolean within(Handles base) {
            return threads <= base.threads * (1 + TOLERANCE) + 1 && fds <= base.fds * (1 + TOLERANCE) + 1;
        }
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            TimeUnit.MILLISECONDS.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    @Test
    void fiftyRunsOfEveryKindLeaveNoThreadsDescriptorsOrHeapBehind() throws Exception {
        base = root.toString().replaceAll("/$", "");
        for (String kind : kinds()) {
            runToEnd(kind);
        }
        Handles base = Handles.now();
        long baseHeap = heapAfterGc();
        for (int round = 0; round < ROUNDS; round++) {
            for (String kind : kinds()) {
                runToEnd(kind);
            }
        }
        // Event loops of the last run stop asynchronously; give them a bounded while, without a GC.
        Handles after = Handles.now();
        for (int i = 0; i < 20 && !after.within(base); i++) {
            TimeUnit.MILLISECONDS.sleep(500);
            after = Handles.now();
        }
        long heap = heapAfterGc();
        String figures = ROUNDS * kinds().size() + " runs: baseline " + base + " heap " + baseHeap + "; after " + after
                + " heap " + heap + " (+-" + (int) (TOLERANCE * 100) + "%)";
        System.out.println("leak test: " + figures);
        assertTrue(after.within(base), figures);
    }
}
