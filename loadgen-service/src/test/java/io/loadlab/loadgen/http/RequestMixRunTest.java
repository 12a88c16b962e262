package io.loadlab.loadgen.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.mix.ValueOrder;
import io.loadlab.loadgen.mix.ValueSpec;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.testsupport.Nginx;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A request mix against a real nginx whose access log is the truth: counts per name equal nginx's per path, the open
 * model sends rate x duration split by the weights, and a seed replays the same sequence on each connection.
 */
@SystemTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RequestMixRunTest {

    private final HttpRunDriver driver = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler());
    private Nginx nginx;

    @BeforeAll
    void startNginx() throws Exception {
        nginx = Nginx.logging("{\"ok\":true}");
    }

    @AfterAll
    void stopNginx() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
    }

    private HttpRunSpec spec(int connections, int threads, long durationMs, long warmupMs, double rate,
                             List<RequestSpec> requests, Map<String, ValueSpec> values, long seed) {
        return spec(connections, threads, durationMs, warmupMs, rate, requests, values, seed, true);
    }

    private HttpRunSpec spec(int connections, int threads, long durationMs, long warmupMs, double rate,
                             List<RequestSpec> requests, Map<String, ValueSpec> values, long seed, boolean keepAlive) {
        return new HttpRunSpec(nginx.uri("/"), "GET", Map.of(), null, connections, threads, Duration.ofMillis(durationMs),
                Duration.ofMillis(warmupMs), rate, keepAlive, Duration.ofSeconds(5), HttpProtocol.HTTP_1_1, 1, null,
                requests, values, seed);
    }

    private static List<RequestSpec> readsAndWrites(String readPath) {
        return List.of(new RequestSpec("get-item", 3, "GET", readPath, Map.of(), null),
                new RequestSpec("add-to-cart", 1, "POST", "/b", Map.of(), "{\"id\": ${id}, \"qty\": 1}"));
    }

    /** Runs {@code spec} and returns its report with the access log's lines it added. */
    private Ran run(HttpRunSpec spec) throws Exception {
        int before = nginx.accessLog().size();
        RunOutcome outcome = HttpRunDriverTest.await(driver.start(spec), 30);
        assertNull(outcome.failure());
        HttpReport r = (HttpReport) outcome.report();
        List<String> log = nginx.accessLog(before + (int) (r.requests() + r.warmupRequests()));
        return new Ran(r, log.subList(before, log.size()));
    }

    record Ran(HttpReport report, List<String> log) {
        long logged(String method, String pathPrefix) {
            return log.stream().filter(l -> l.split(" ")[2].equals(method) && l.split(" ")[3].startsWith(pathPrefix)).count();
        }

        RequestReport named(String name) {
            return report.mix().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
        }
    }

    /**
     * Closed model, two loops: each name's answers, warm-up included, equal nginx's lines for its location; the
     * sequential ids are one pass after another over the whole run (each id within one of the others' count).
     */
    @Test
    void countsPerNameEqualTheAccessLogWarmupIncluded() throws Exception {
        Ran ran = run(spec(4, 2, 1_000, 500, 0, readsAndWrites("/a/${id}"),
                Map.of("id", ValueSpec.range(1, 50, null)), 0));
        HttpReport r = ran.report();
        assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
        RequestReport reads = ran.named("get-item");
        RequestReport writes = ran.named("add-to-cart");
        assertEquals(ran.logged("GET", "/a/"), reads.requests() + reads.warmupRequests());
        assertEquals(ran.logged("POST", "/b"), writes.requests() + writes.warmupRequests());
        assertEquals(ran.log().size(), r.requests() + r.warmupRequests());
        assertEquals(r.requests(), reads.requests() + writes.requests());
        assertTrue(writes.requests() > 0 && reads.requests() > 2 * writes.requests(), () -> reads + " " + writes);

        Map<String, Integer> perId = new TreeMap<>();
        ran.log().stream().filter(l -> l.contains(" GET /a/")).forEach(l -> perId.merge(l.substring(l.lastIndexOf('/') + 1), 1, Integer::sum));
        assertEquals(50, perId.size(), () -> "ids sent " + perId.keySet());
    }

    /** Open model, 2,000/s, 3:1, one connection: rate x duration sent by intended time, 3:1 within one request. */
    @Test
    void openModelSendsRateTimesDurationSplitByTheWeights() throws Exception {
        Ran ran = run(spec(1, 1, 2_000, 500, 2_000, readsAndWrites("/a/${id}"),
                Map.of("id", ValueSpec.range(1, 1000, ValueOrder.RANDOM)), 5));
        RequestReport reads = ran.named("get-item");
        RequestReport writes = ran.named("add-to-cart");
        assertEquals(4_000, reads.sent() + writes.sent());
        assertTrue(Math.abs(reads.sent() - 3_000) <= 1, () -> "reads sent " + reads.sent());
        assertTrue(Math.abs(writes.sent() - 1_000) <= 1, () -> "writes sent " + writes.sent());
        assertEquals(0, ran.report().errors().total(), () -> "errors " + ran.report().errors());
        assertEquals(ran.logged("GET", "/a/"), reads.requests() + reads.warmupRequests());
    }

    /**
     * Two runs with one seed send the same sequence on each connection (which TCP connection is which slot differs,
     * so the sets of per-connection prefixes are compared); another seed does not.
     */
    @Test
    void aSeedReplaysEachConnectionsSequence() throws Exception {
        Map<String, ValueSpec> random = Map.of("id", ValueSpec.range(1, 1_000_000, ValueOrder.RANDOM));
        List<List<List<String>>> runs = new ArrayList<>();
        for (long seed : new long[] {7, 7, 8}) {
            runs.add(sequences(run(spec(2, 1, 500, 300, 0, readsAndWrites("/a/${id}"), random, seed))));
        }
        // the prefix all connections reached: a loaded machine (load 14) once let a connection send just one
        // request in 800 ms, so the length compared is what the runs did, up to 20, and at least 3
        int k = runs.stream().flatMap(List::stream).mapToInt(List::size).min().orElse(0);
        assertTrue(k >= 3, () -> "a connection sent only " + runs.stream().flatMap(List::stream).mapToInt(List::size).min().orElse(0) + " requests");
        List<Set<List<String>>> prefixes = runs.stream().map(r -> prefixes(r, Math.min(20, k))).toList();
        assertEquals(2, prefixes.get(0).size());
        assertEquals(prefixes.get(0), prefixes.get(1));
        assertNotEquals(prefixes.get(0), prefixes.get(2));
    }

    /** Each connection's requests, as {@code method uri}, from nginx's log. */
    private static List<List<String>> sequences(Ran ran) {
        Map<String, List<String>> byConnection = new LinkedHashMap<>();
        for (String line : ran.log()) {
            String[] f = line.split(" ");
            byConnection.computeIfAbsent(f[0], c -> new ArrayList<>()).add(f[2] + " " + f[3]);
        }
        return List.copyOf(byConnection.values());
    }

    private static Set<List<String>> prefixes(List<List<String>> sequences, int k) {
        Set<List<String>> prefixes = new HashSet<>();
        sequences.forEach(requests -> prefixes.add(List.copyOf(requests.subList(0, k))));
        return prefixes;
    }

    private static final List<String> VALUES = List.of("quo\"te", "back\\slash", "é", "日本", "😀", "ctl\u0001x", "a b/c");
    private static final List<String> HEADERS = List.of("é", "日本", "a\"b\\c");

    /**
     * Values land as they should where they sit, read back by nginx ({@code /echo/} logs the request's path, header
     * and body): JSON-escaped inside a JSON string ({@code "}, {@code \}, control characters; non-ASCII text as is),
     * percent-encoded in the path, raw UTF-8 in a header; one value per placeholder per request, wherever it occurs.
     * A connection per request ({@code Connection: close} in the template), so a slot's buffer outlives its channels.
     */
    @Test
    void valuesArriveEncodedForWhereTheySit() throws Exception {
        int before = nginx.echoLog().size();
        Ran ran = run(spec(1, 1, 500, 500, 0, // the warm-up: a cold JVM's first connect took 266 ms
                List.of(new RequestSpec("echo", 1, "POST", "/echo/${v}", Map.of("X-H", "${h}"), "{\"v\": \"${v}\"}")),
                Map.of("v", ValueSpec.list(VALUES, null), "h", ValueSpec.list(HEADERS, null)), 0, false));
        List<String> echoed = nginx.echoLog().subList(before, nginx.echoLog().size());
        assertEquals(0, ran.report().errors().total(), () -> "errors " + ran.report().errors());
        assertEquals(ran.report().requests() + ran.report().warmupRequests(), echoed.size());
        assertTrue(echoed.size() >= 2 * VALUES.size(), () -> "only " + echoed.size() + " requests");
        ObjectMapper json = new ObjectMapper();
        Set<String> bodies = new HashSet<>();
        Set<String> headers = new HashSet<>();
        Set<String> rawPaths = new HashSet<>();
        for (String line : echoed) {
            String[] f = line.split("\\|", 3);
            String value = json.readTree(json.readValue("\"" + f[2] + "\"", String.class)).get("v").asText();
            String path = json.readValue("\"" + f[0] + "\"", String.class);
            assertEquals("/echo/" + value, URI.create(path).getPath(), "one value per placeholder per request");
            bodies.add(value);
            headers.add(json.readValue("\"" + f[1] + "\"", String.class));
            rawPaths.add(path);
        }
        assertEquals(Set.copyOf(VALUES), bodies);
        assertEquals(Set.copyOf(HEADERS), headers);
        assertTrue(rawPaths.containsAll(List.of("/echo/%C3%A9", "/echo/a%20b/c", "/echo/ctl%01x", "/echo/quo%22te")),
                () -> "paths " + rawPaths);
    }
}
