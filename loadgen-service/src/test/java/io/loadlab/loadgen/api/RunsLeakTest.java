package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.loadlab.common.tls.Certificates;
import io.loadlab.common.tls.IssuedCertificate;
import io.loadlab.testsupport.Nginx;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Leak test (issue 10): 50 short runs of every kind back to back (HTTP/1.1 plain and over TLS, h2c and h2, UDP
 * paced and flat out),
 * through the API, against the real target and a TLS nginx on
 * loopback, in this JVM (the loadgen runs in-process). Threads and open descriptors ({@code /proc/self/fd}), counted
 * without forcing a GC (the per-run clients of issue 10 item 8 were released only by one), return to the baseline
 * within 5%. The baseline is taken after one warm-up run of each kind, so
 * pools created lazily on first use (the shared scrape client, Netty's allocators) are part of it; finished runs are
 * kept in memory up to {@code loadgen.runs.retain}, set here to the warm-up count so the kept set is full at the
 * baseline too. With a client per UDP run (issue 10 item 8) this failed: threads 26 -> 101, fds 651 -> 1129.
 * Heap after a full GC ({@link #heapAfterGc}) stays within 5% of the baseline, taken after the warm-up too. Before
 * the runs' watchdogs let go of their runs ({@link io.loadlab.loadgen.engine.Watchdog}) this failed: each run stayed
 * reachable from the JDK's delay queue for its duration, timeout and 10 s of slack, 32 runs and their histograms
 * at the end, 86 -> 170 MB.
 */
@SystemTest
@QuarkusTest
@TestProfile(RunsLeakTest.Profile.class)
class RunsLeakTest {

    /**
     * 50 rounds, as the leak test was written (issue 10): the per-run clients of issue 10 kept 75 threads and 478 fds
     * over 300 runs; a handle kept every other run, or one per kilobyte of heap, shows over 50 rounds where 20 can
     * stay within the 5% tolerance. Cut to 20 for a 30-minute CI, restored with the 60-minute budget (issue 42).
     */
    private static final int ROUNDS = 50;
    private static final double TOLERANCE = 0.05;
    /** The old generation of G1, Parallel and Serial: "G1 Old Gen", "PS Old Gen", "Tenured Gen". */
    private static final Pattern OLD_GEN = Pattern.compile("Old Gen|Tenured");

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

    /**
     * An nginx serving TLS with a certificate of a test CA, trusted through {@code tls.ca}, HTTP/1.1 or h2 by ALPN: the
     * TLS runs' SslHandlers, engines and sessions, and the HTTP/2 runs' codecs and streams, must go with their runs too. An https run posted through the API is accepted (202).
     */
    private static Nginx tls;
    private static String ca;

    @BeforeAll
    static void startTlsNginx() throws Exception {
        Instant now = Instant.now();
        IssuedCertificate authority = Certificates.authority("leak test CA", now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(1)));
        ca = authority.certificatePem();
        tls = Nginx.tls("{}", List.of(Certificates.leaf(authority, List.of("localhost"), now.minus(Duration.ofDays(1)),
                now.plus(Duration.ofDays(1)))), true);
    }

    @AfterAll
    static void stopTlsNginx() throws Exception {
        if (tls != null) {
            tls.close();
        }
    }

    private static List<String> kinds() {
        return List.of("closed", "open", "no-keepalive", "tls-no-keepalive", "h2c", "h2-tls", "udp-throughput",
                "udp-flat-out", "udp-pingpong", "udp-underload");
    }

    /**
     * Each run's measured part. A leak is per run, not per second: 100 ms still opens every connection, sends and
     * answers, and saved 12 s of the 46 s the 120 runs took at 200 ms (290 ms a run, 480 ms with the target scrape).
     */
    private static final String RUN_DURATION = "100ms";

    private static String spec(String kind) {
        String http = "{\"kind\":\"http\",\"target\":\"" + target.testApi() + "\",\"method\":\"POST\","
                + "\"headers\":{\"Content-Type\":\"application/json\"},\"body\":\"{\\\"number\\\": 2}\","
                + "\"connections\":2,\"threads\":1,\"duration\":\"" + RUN_DURATION + "\",\"warmup\":\"0s\","
                + "\"timeout\":\"2s\"";
        String udp = "\"target\":\"" + target.process().udp() + "\",\"messageSize\":64,\"duration\":\""
                + RUN_DURATION + "\",\"warmup\":\"0s\"";
        return switch (kind) {
            case "closed" -> http + "}";
            case "open" -> http + ",\"rate\":200}";
            case "no-keepalive" -> http + ",\"rate\":200,\"keepAlive\":false}";
            case "tls-no-keepalive" -> "{\"kind\":\"http\",\"target\":\"" + tls.tlsUri(0, "/") + "\",\"connections\":2,"
                    + "\"threads\":1,\"duration\":\"200ms\",\"warmup\":\"0s\",\"timeout\":\"2s\",\"rate\":200,"
                    + "\"keepAlive\":false,\"tls\":{\"ca\":" + quoted(ca) + "}}";
            case "h2c" -> http + ",\"protocol\":\"h2c\",\"streams\":4}";
            case "h2-tls" -> "{\"kind\":\"http\",\"target\":\"" + tls.tlsUri(0, "/") + "\",\"connections\":2,"
                    + "\"threads\":1,\"duration\":\"" + RUN_DURATION + "\",\"warmup\":\"0s\",\"timeout\":\"2s\","
                    + "\"protocol\":\"h2\",\"streams\":4,\"tls\":{\"ca\":" + quoted(ca) + "}}";
            case "udp-throughput" -> "{\"kind\":\"udp-throughput\"," + udp + ",\"rate\":1000,\"targetMetrics\":\""
                    + target.base() + "/q/metrics\"}";
            // flat out: batches through an epoll channel and an event loop of the run's own (udp/GsoLoop)
            case "udp-flat-out" -> "{\"kind\":\"udp-throughput\"," + udp + ",\"rate\":0}";
            case "udp-pingpong" -> "{\"kind\":\"udp-pingpong\"," + udp + "}";
            case "udp-underload" -> "{\"kind\":\"udp-underload\"," + udp + ",\"rate\":1000,\"replyEvery\":10}";
            default -> throw new IllegalArgumentException(kind);
        };
    }

    private static String quoted(String text) {
        try {
            return JSON.writeValueAsString(text);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * @param mustComplete false for the warm-up round only: a cold JVM's first TLS handshakes and HTTP/2 codec took
     *                     seconds at load 19 here, and a 100 ms run then ended before its connections opened (failed,
     *                     as it should say). The baseline needs each kind's classes loaded, not a good first run
     */
    private static boolean runToEnd(String kind, boolean mustComplete) throws IOException, InterruptedException {
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
                JsonNode body = JSON.readTree(run.body());
                if (mustComplete && !"completed".equals(state)) {
                    // A 100 ms run whose handshakes a held-up event loop could not finish ends failed, and says so
                    // (beside stress-ng: "2 of the 2 connections asked never opened", a loop 184.6 ms late): honest,
                    // and still a run that must leave nothing behind. Only that failure, only when the run says it
                    // was disturbed; and at least half of each kind's rounds must complete (below).
                    boolean heldUp = "failed".equals(state) && !body.path("report").path("disturbed").isMissingNode()
                            && !body.path("report").path("disturbed").isNull()
                            && body.path("failure").asText().contains("never opened");
                    assertTrue(heldUp, kind + " run " + id + " ended as " + state + ": " + run.body());
                    return false;
                }
                return "completed".equals(state);
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

    /**
     * Live heap, as the old generation's usage right after a full GC ({@link MemoryPoolMXBean#getCollectionUsage}).
     * Not the total heap's {@code used} now: the JVM keeps allocating (Quarkus, the scrape client, this test's own
     * calls) between the GC and the reading, and those young objects are not retained. A full GC (G1's, Serial's or
     * Parallel's answer to {@code System.gc()}) leaves every survivor in the old generation, so its usage after that
     * collection is what is still reachable. Several calls, because finalizable and weakly reachable objects (Netty's
     * cleaners, released descriptors) take one cycle to find and one more to free.
     */
    static long heapAfterGc() throws InterruptedException {
        List<MemoryPoolMXBean> old = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP && p.getCollectionUsage() != null)
                .filter(p -> OLD_GEN.matcher(p.getName()).find()).toList();
        List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        long collectionsBefore = collectors.stream().mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
        for (int i = 0; i < 3; i++) {
            System.gc();
            TimeUnit.MILLISECONDS.sleep(100);
        }
        long collections = collectors.stream().mapToLong(GarbageCollectorMXBean::getCollectionCount).sum()
                - collectionsBefore;
        assertTrue(collections >= 3 && !old.isEmpty(), "no full GC to measure after: " + collections
                + " collections for 3 System.gc() calls (-XX:+DisableExplicitGC?), old generation pools " + old.stream()
                .map(MemoryPoolMXBean::getName).toList() + " of " + ManagementFactory.getMemoryPoolMXBeans().stream()
                .map(MemoryPoolMXBean::getName).toList());
        return old.stream().mapToLong(p -> p.getCollectionUsage().getUsed()).sum();
    }

    @Test
    void fiftyRunsOfEveryKindLeaveNoThreadsDescriptorsOrHeapBehind() throws Exception {
        base = root.toString().replaceAll("/$", "");
        for (String kind : kinds()) {
            runToEnd(kind, false);
        }
        Handles base = Handles.now();
        long baseHeap = heapAfterGc();
        Map<String, Integer> completed = new TreeMap<>();
        for (int round = 0; round < ROUNDS; round++) {
            for (String kind : kinds()) {
                completed.merge(kind, runToEnd(kind, true) ? 1 : 0, Integer::sum);
            }
        }
        for (String kind : kinds()) {
            assertTrue(completed.get(kind) >= ROUNDS / 2, "only " + completed.get(kind) + " of " + ROUNDS + " " + kind
                    + " runs completed: a held-up loop explains a few, not half " + completed);
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
        assertTrue(heap <= baseHeap * (1 + TOLERANCE), "heap after GC grew: " + figures);
    }
}
