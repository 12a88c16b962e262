package io.loadlab.loadgen.resource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.Violation;
import io.loadlab.testsupport.FakeAgent;
import io.loadlab.testsupport.FakeAnswer;
import io.loadlab.testsupport.FreePorts;
import io.loadlab.testsupport.LocalProcess;
import io.loadlab.testsupport.Prometheus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Prometheus source against a real Prometheus that scrapes itself every second, twice (jobs {@code prometheus}
 * and {@code twin}, so a match on both is ambiguous), and a real node-exporter (Debian's
 * {@code prometheus-node-exporter}, only the collectors the node preset reads), and against a raw socket that
 * stalls. One Prometheus for the class; the last test stops it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PrometheusSourceTest {

    private static final String FIELD = "targets[0].resources";
    private static final Duration TIMEOUT = Duration.ofMillis(800);
    private static final String SELF = "process_cpu_seconds_total{job=\"prometheus\"}";

    @TempDir
    static Path work;
    private static Prometheus prometheus;
    private static LocalProcess nodeExporter;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void start() throws Exception {
        int nodePort = FreePorts.tcp();
        nodeExporter = LocalProcess.start("prometheus-node-exporter", List.of("prometheus-node-exporter",
                "--web.listen-address=127.0.0.1:" + nodePort, "--collector.disable-defaults", "--collector.cpu",
                "--collector.schedstat", "--collector.netdev", "--collector.pressure"), work);
        nodeExporter.awaitReady("http://127.0.0.1:" + nodePort + "/metrics", Duration.ofSeconds(20));
        Path config = work.resolve("prometheus.yml");
        Path targets = work.resolve("self.json");
        Files.writeString(config, """
                global:
                  scrape_interval: 1s
                  evaluation_interval: 1s
                scrape_configs:
                  - job_name: prometheus
                    file_sd_configs: [{files: ["%1$s"], refresh_interval: 1s}]
                  - job_name: twin
                    file_sd_configs: [{files: ["%1$s"], refresh_interval: 1s}]
                  - job_name: node
                    static_configs: [{targets: ["127.0.0.1:%2$d"]}]
                """.formatted(targets, nodePort));
        prometheus = Prometheus.start(config, work);
        // its own port is known only now: file_sd reads the target when the file appears
        // written whole, then renamed: file_sd reading a half-written file logs "unexpected end of JSON input"
        Path next = Files.writeString(work.resolve("self.json.new"), "[{\"targets\": [\"" + URI.create(prometheus.base()).getAuthority() + "\"]}]");
        Files.move(next, targets, StandardCopyOption.ATOMIC_MOVE);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (samples("count_over_time(" + SELF + "[1m])") < 4 || samples("count_over_time(node_cpu_seconds_total{cpu=\"0\",mode=\"user\"}[1m])") < 4) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Prometheus had not scraped itself and node-exporter 4 times within 30 s: " + prometheus.logTail());
            }
            Thread.sleep(250);
        }
    }

    @AfterAll
    static void stop() {
        if (prometheus != null) {
            prometheus.close();
        }
        if (nodeExporter != null) {
            nodeExporter.close();
        }
    }

    private static ResourceSpec spec(String base, String preset, Map<String, String> match, Map<String, String> queries) {
        return new ResourceSpec("prometheus", URI.create(base), preset, match, null, null, queries, TIMEOUT);
    }

    private static PrometheusSource source(ResourceSpec spec) {
        return new PrometheusSource(spec, HTTP, Clock.systemUTC());
    }

    private static PrometheusSource process() {
        return source(spec(prometheus.base(), "process", Map.of("job", "prometheus"), null));
    }

    @Test
    @Order(1)
    void processPresetOnPrometheusItselfIsTheRateOfItsOwnSamples() throws Exception {
        PrometheusSource source = process();
        List<String> warnings = source.check(FIELD, Duration.ofSeconds(4));
        assertEquals(4, warnings.size(), warnings.toString());
        assertTrue(warnings.stream().allMatch(w -> w.contains("the process preset cannot give it")), warnings.toString());
        assertTrue(source.check(FIELD, Duration.ofSeconds(3)).stream().anyMatch(w -> w.contains("a cell of 3 s spans fewer than 4 scrapes of 1 s")
                && w.contains("matched target")));

        ResourceWindow window = source.open();
        Instant start = Instant.now();
        window.tick();
        Thread.sleep(3000);
        Instant end = Instant.now();
        long began = System.nanoTime();
        ResourceFigures f = window.close(start, end);
        assertTrue(System.nanoTime() - began < Duration.ofSeconds(8).toNanos(), "close waits 1 s and asks 1 query");

        assertEquals("prometheus process", f.source());
        assertEquals(ResourceFigures.TARGET, f.cpuScope());
        assertNotNull(f.cpuCores(), f.unmeasured().toString());
        assertTrue(f.cpuCores() >= 0);
        assertEquals(expectedRate(SELF, start, end), f.cpuCores(), 1e-9, "rate() over the samples Prometheus holds for the window");
        assertEquals(Set.of("limit", "throttled", "wait", "network"), f.unmeasured().keySet());
        assertTrue(f.unmeasured().values().stream().allMatch(r -> r.equals("the process preset cannot give it")), f.unmeasured().toString());
        assertNull(f.limitCores());
        assertNull(f.waitCores());
    }

    @Test
    @Order(2)
    void customQueriesAndAnOverriddenFigure() throws Exception {
        PrometheusSource custom = source(spec(prometheus.base(), "custom", null,
                Map.of("cpu", "rate(process_cpu_seconds_total{job=\"prometheus\"}[$__range])", "wait", "vector(0) / 0")));
        PrometheusSource override = source(spec(prometheus.base(), "process", Map.of("job", "prometheus"),
                Map.of("network", "sum(rate(prometheus_http_response_size_bytes_sum{job=\"prometheus\"}[$__range]))")));
        assertEquals(3, custom.check(FIELD, Duration.ofSeconds(4)).size(), "limit, throttled and network cannot be given");
        assertEquals(3, override.check(FIELD, Duration.ofSeconds(4)).size(), "limit, throttled and wait cannot be given");

        Instant start = Instant.now();
        Thread.sleep(2000);
        Instant end = Instant.now();
        ResourceFigures c = custom.open().close(start, end);
        ResourceFigures o = override.open().close(start, end);
        ResourceFigures p = process().open().close(start, end);

        assertEquals(p.cpuCores(), c.cpuCores(), "the same query at the same time and range");
        assertEquals(expectedRate(SELF, start, end), c.cpuCores(), 1e-9);
        assertNull(c.waitCores(), "NaN is no figure");
        assertTrue(c.unmeasured().get("wait").contains("gave NaN"), c.unmeasured().toString());
        assertTrue(c.unmeasured().get("network").contains("custom preset cannot give it without resources.queries.network"));

        assertEquals(p.cpuCores(), o.cpuCores());
        assertNotNull(o.sentBytesPerSecond(), o.unmeasured().toString());
        assertTrue(o.sentBytesPerSecond() > 0, "this test's own queries are answers Prometheus sent");
        assertEquals(Set.of("limit", "throttled", "wait"), o.unmeasured().keySet());
    }

    /**
     * Issue 42: a Prometheus whose answers are numbers but not figures. 1e12 "cores" (a nanosecond counter read as
     * seconds) gave a confident cpu-bound, -3 a trustworthy concurrency-bound; now each is null with why, as NaN is.
     */
    @Test
    @Order(2)
    void implausibleAnswersAreNoFigures() throws Exception {
        PrometheusSource lying = source(spec(prometheus.base(), "custom", null,
                Map.of("cpu", "vector(1e12)", "wait", "vector(-3)")));
        Instant start = Instant.now();
        Thread.sleep(1000);
        ResourceFigures f = lying.open().close(start, Instant.now());
        assertNull(f.cpuCores(), f.toString());
        assertTrue(f.unmeasured().get("cpu").startsWith("implausible 1.0E12 (a cpu figure is from 0 to 8192.0"), f.unmeasured().toString());
        assertNull(f.waitCores(), f.toString());
        assertTrue(f.unmeasured().get("wait").contains("below 0 a counter went backwards"), f.unmeasured().toString());
    }

    /**
     * node-exporter's counters for this machine's two cores: the CPU figure counts everything on them (scope
     * {@code cores}) and is the sum of each core's and mode's rate over the raw samples; the run-queue wait comes from
     * schedstat, or from PSI where the kernel has no /proc/schedstat (this sandbox's has none: the second template
     * answers); the device is the first node-exporter lists (no {@code lo} here either).
     */
    @Test
    @Order(3)
    void nodePresetOnARealNodeExporter() throws Exception {
        String device = query("node_network_transmit_bytes_total{job=\"node\"}", Instant.now()).path("result").path(0).path("metric")
                .path("device").asText();
        assertTrue(!device.isEmpty(), "node-exporter lists a network device");
        PrometheusSource node = source(new ResourceSpec("prometheus", URI.create(prometheus.base()), "node", Map.of("job", "node"),
                "0-1", device, null, TIMEOUT));
        List<String> warnings = node.check(FIELD, Duration.ofSeconds(4));
        assertEquals(List.of("limit: the node preset cannot give it: it will be unmeasured",
                "throttled: the node preset cannot give it: it will be unmeasured"), warnings);

        ResourceWindow window = node.open();
        Instant start = Instant.now();
        Thread.sleep(2500);
        Instant end = Instant.now();
        ResourceFigures f = window.close(start, end);

        assertEquals("prometheus node", f.source());
        assertEquals(ResourceFigures.CORES, f.cpuScope());
        assertNotNull(f.cpuCores(), f.unmeasured().toString());
        double expected = 0;
        long range = Duration.between(start, end).toMillis();
        JsonNode series = query("node_cpu_seconds_total{mode!~\"idle|iowait\",cpu=~\"0|1\",job=\"node\"}[" + range + "ms]", end).path("result");
        assertTrue(series.size() >= 2 * 6, "two cores, six busy modes at least: " + series.size());
        for (JsonNode s : series) {
            expected += expectedRate(s.path("values"), end, range);
        }
        assertEquals(expected, f.cpuCores(), 1e-9);
        assertTrue(f.cpuCores() >= 0 && f.cpuCores() <= 2 * 1.1, "at most two cores, and rate()'s extrapolation: " + f.cpuCores());
        assertNotNull(f.waitCores(), f.unmeasured().toString());
        assertTrue(f.waitCores() >= 0);
        assertNotNull(f.sentBytesPerSecond(), f.unmeasured().toString());
        assertTrue(f.sentBytesPerSecond() >= 0);
        assertEquals(Map.of("limit", "the node preset cannot give it", "throttled", "the node preset cannot give it"), f.unmeasured());
    }

    /** Every template of every preset, filled as a spec fills it, is PromQL this Prometheus evaluates (no series here). */
    @Test
    @Order(4)
    void everyPresetQueryParses() {
        ResourceSpec all = new ResourceSpec("prometheus", URI.create(prometheus.base()), "node",
                Map.of("namespace", "shop", "pod", "checkout-.*", "container", "app", "instance", "10.200.7.2:9100\"}"), "0,2-3", "lgexp-t",
                null, TIMEOUT);
        PrometheusApi api = new PrometheusApi(HTTP, URI.create(prometheus.base()), TIMEOUT);
        int asked = 0;
        for (Preset preset : Preset.values()) {
            for (Figure f : Figure.values()) {
                for (String template : preset.templates(f)) {
                    String q = PromQl.render(template, all.match(), all.cpus(), all.device(), Duration.ofMillis(2500));
                    QueryAnswer a = api.query(q, Instant.now());
                    assertNull(a.failure(), () -> preset + " " + f + ": " + q + ": " + a.failure());
                    asked++;
                }
            }
        }
        assertEquals(12, asked, "cadvisor 5, node 4, process 3, custom 0");
    }

    @Test
    @Order(5)
    void wrongUrlIsA400OnTheUrl() {
        String nothing = "http://127.0.0.1:" + FreePorts.tcp();
        Violation v = invalid(source(spec(nothing, "process", Map.of("job", "prometheus"), null)), TIMEOUT);
        assertEquals(FIELD + ".url", v.field());
        assertTrue(v.message().contains("Prometheus at " + nothing + " did not answer"), v.message());
    }

    @Test
    @Order(6)
    void queryErrorNamesTheQueryWithPrometheussText() {
        Violation v = invalid(source(spec(prometheus.base(), "custom", null, Map.of("cpu", "rate(process_cpu_seconds_total["))), TIMEOUT);
        assertEquals(FIELD + ".queries.cpu", v.field());
        assertTrue(v.message().contains("bad_data") && v.message().contains("rate(process_cpu_seconds_total["), v.message());

        Violation p = invalid(source(spec(prometheus.base(), "process", Map.of("job", "prometheus"),
                Map.of("wait", "rate(process_cpu_seconds_total{job=\"prometheus\"})"))), TIMEOUT);
        assertEquals(FIELD + ".queries.wait", p.field(), "a range function without a range");
    }

    @Test
    @Order(7)
    void emptyMatchIsA400OnTheMatch() {
        Violation v = invalid(source(spec(prometheus.base(), "process", Map.of("job", "nope"), null)), TIMEOUT);
        assertEquals(FIELD + ".match", v.field());
        assertTrue(v.message().startsWith("cpu: ") && v.message().endsWith("matched no series"), v.message());
        assertTrue(v.message().contains("job=~\"nope\""), v.message());

        Violation own = invalid(source(spec(prometheus.base(), "custom", null, Map.of("cpu", "rate(process_cpu_seconds_total{job=\"nope\"}[$__range])"))), TIMEOUT);
        assertEquals(FIELD + ".queries.cpu", own.field());
        assertEquals("cpu: rate(process_cpu_seconds_total{job=\"nope\"}[300000ms]) matched no series", own.message(), "checked over 5 minutes");
    }

    @Test
    @Order(8)
    void ambiguousMatchShowsTheSeries() {
        Violation v = invalid(source(spec(prometheus.base(), "process", Map.of("job", "prometheus|twin"), null)), TIMEOUT);
        assertEquals(FIELD + ".match", v.field());
        assertTrue(v.message().contains("matched 2 series") && v.message().contains("job=\"twin\"")
                && v.message().contains("job=\"prometheus\"") && v.message().contains("narrow resources.match"), v.message());
    }

    @Test
    @Order(9)
    void stalledPrometheusFailsWithinItsTimeout() {
        try (FakeAgent silent = FakeAgent.start("silent", "0").on(FakeAgent.Endpoint.OTHER, r -> FakeAnswer.json("{}").after(60_000));
             FakeAgent dripping = FakeAgent.start("dripping", "0")
                     .on(FakeAgent.Endpoint.OTHER, r -> FakeAnswer.stallAfter("{\"status\":\"succ", 4096))) {
            for (FakeAgent stalled : List.of(silent, dripping)) {
                Violation v = invalid(source(spec(stalled.url(), "process", Map.of("job", "prometheus"), null)), TIMEOUT);
                assertEquals(FIELD + ".url", v.field());
                assertEquals("Prometheus at " + stalled.url() + " did not answer within 800 ms", v.message());

                PrometheusSource source = new PrometheusSource(spec(stalled.url(), "process", Map.of("job", "prometheus"), null),
                        HTTP, Clock.systemUTC(), Duration.ZERO);
                long began = System.nanoTime();
                Instant now = Instant.now();
                ResourceFigures f = source.open().close(now.minusSeconds(3), now);
                assertTrue(System.nanoTime() - began < TIMEOUT.plusSeconds(3).toNanos(), "one timeout, then no further query");
                assertNull(f.cpuCores());
                assertEquals("Prometheus at " + stalled.url() + " did not answer within 800 ms for "
                        + source.queries(Figure.CPU, Duration.ofSeconds(3)).get(0), f.unmeasured().get("cpu"));
            }
        }
    }

    @Test
    @Order(10)
    void notPrometheusAndAFloodAreNamed() {
        byte[] flood = ("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[" + "{\"metric\":{},\"value\":[1,\"1\"]},".repeat(60_000)
                + "]}}").getBytes(StandardCharsets.UTF_8);
        try (FakeAgent notPrometheus = FakeAgent.start("not-prometheus", "0");
             FakeAgent flooding = FakeAgent.start("flooding", "0").on(FakeAgent.Endpoint.OTHER, r -> FakeAnswer.of(200, flood))) {
            Violation v = invalid(source(spec(notPrometheus.url(), "process", Map.of("job", "prometheus"), null)), TIMEOUT);
            assertEquals(FIELD + ".url", v.field());
            assertTrue(v.message().contains("/api/v1/query answered HTTP 404 without the Prometheus API's JSON"), v.message());

            Violation f = invalid(source(spec(flooding.url(), "process", Map.of("job", "prometheus"), null)), Duration.ofSeconds(5));
            assertEquals(FIELD + ".match", f.field());
            assertTrue(f.message().contains("answered more than 1048576 bytes") && f.message().contains("narrow resources.match"), f.message());
        }
    }

    @Test
    @Order(11)
    void scrapeIntervalOfAllTargetsWhenNoneMatches() {
        PrometheusSource custom = source(spec(prometheus.base(), "custom", null, Map.of("cpu", "vector(1)", "limit", "vector(1) / 0")));
        assertTrue(custom.check(FIELD, Duration.ofSeconds(3)).contains("a cell of 3 s spans fewer than 4 scrapes of 1 s (the longest of"
                + " Prometheus's targets): each rate rests on few samples; make cells at least 4 s or scrape more often"));
        Instant now = Instant.now();
        ResourceFigures f = new PrometheusSource(spec(prometheus.base(), "custom", null,
                Map.of("cpu", "vector(1)", "limit", "vector(1) / 0")), HTTP, Clock.systemUTC(), Duration.ZERO).open().close(now.minusSeconds(2), now);
        assertEquals(1.0, f.cpuCores());
        assertNull(f.limitCores());
        assertEquals("vector(1) / 0 gave Infinity", f.unmeasured().get("limit"));
    }

    @Test
    @Order(12)
    void prometheusStoppedDuringTheCellLeavesEveryFigureNullWithTheReason() throws Exception {
        PrometheusSource source = source(spec(prometheus.base(), "node", Map.of("job", "prometheus"), null));
        ResourceWindow window = process().open();
        PrometheusSource node = new PrometheusSource(new ResourceSpec("prometheus", URI.create(prometheus.base()), "node",
                Map.of("job", "prometheus"), "0", "lo", null, TIMEOUT), HTTP, Clock.systemUTC());
        assertEquals(ResourceFigures.CORES, node.cpuScope());
        assertEquals("prometheus node", source.describe());
        process().check(FIELD, Duration.ofSeconds(4));
        ResourceWindow nodeWindow = node.open();
        Instant start = Instant.now();
        Thread.sleep(1000);
        prometheus.close();
        Instant end = Instant.now();
        long began = System.nanoTime();
        ResourceFigures f = window.close(start, end);
        ResourceFigures n = nodeWindow.close(start, end);
        assertTrue(System.nanoTime() - began < Duration.ofSeconds(10).toNanos());
        assertNull(f.cpuCores());
        assertTrue(f.unmeasured().get("cpu").startsWith("Prometheus at " + prometheus.base() + " did not answer"), f.unmeasured().toString());
        assertEquals(Set.of("cpu", "limit", "throttled", "wait", "network"), f.unmeasured().keySet());
        assertNull(n.cpuCores());
        assertNull(n.waitCores());
        assertNull(n.sentBytesPerSecond());
        assertTrue(n.unmeasured().get("wait").startsWith("not asked: Prometheus at "), n.unmeasured().toString());
        assertTrue(n.unmeasured().get("network").startsWith("not asked: Prometheus at "), n.unmeasured().toString());
        assertEquals("the node preset cannot give it", n.unmeasured().get("limit"));
    }

    private static Violation invalid(PrometheusSource source, Duration timeout) {
        long began = System.nanoTime();
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> source.check(FIELD, Duration.ofSeconds(4)));
        assertTrue(System.nanoTime() - began < timeout.plusSeconds(3).toNanos(), "bounded by one timeout");
        assertEquals(1, e.violations().size(), e.violations().toString());
        return e.violations().get(0);
    }

    /**
     * Prometheus 2.x's {@code rate()} (promql/functions.go extrapolatedRate) over the raw samples it returns for the
     * same selector, range and time: the increase between the first and last sample, extrapolated to each edge of
     * the range when the gap there is under 1.1 average intervals (else by half an interval), per second.
     */
    private static double expectedRate(String selector, Instant start, Instant end) throws Exception {
        long rangeMs = Duration.between(start, end).toMillis();
        JsonNode result = query(selector + "[" + rangeMs + "ms]", end).path("result");
        assertEquals(1, result.size(), result.toString());
        return expectedRate(result.path(0).path("values"), end, rangeMs);
    }

    /** Durations in whole milliseconds before dividing, as Prometheus does: a timestamp in seconds as a double is off by ~1e-7 s. */
    private static double expectedRate(JsonNode values, Instant end, long rangeMs) {
        int n = values.size();
        assertTrue(n >= 2, "at least two samples in the window: " + values);
        long firstT = Math.round(values.get(0).get(0).asDouble() * 1000);
        long lastT = Math.round(values.get(n - 1).get(0).asDouble() * 1000);
        double firstV = Double.parseDouble(values.get(0).get(1).asText());
        double increase = 0;
        double prev = firstV;
        for (JsonNode s : values) {
            double v = Double.parseDouble(s.get(1).asText());
            increase += v >= prev ? v - prev : v; // a reset counts from zero
            prev = v;
        }
        long evalT = end.toEpochMilli();
        double toStart = (firstT - (evalT - rangeMs)) / 1000.0;
        double toEnd = (evalT - lastT) / 1000.0;
        double sampled = (lastT - firstT) / 1000.0;
        double average = sampled / (n - 1);
        if (increase > 0 && firstV >= 0) {
            toStart = Math.min(toStart, sampled * (firstV / increase));
        }
        double threshold = average * 1.1;
        double interval = sampled + (toStart < threshold ? toStart : average / 2) + (toEnd < threshold ? toEnd : average / 2);
        return increase * (interval / sampled) / (rangeMs / 1000.0);
    }

    private static double samples(String promql) throws Exception {
        JsonNode r = query(promql, Instant.now()).path("result");
        return r.isEmpty() ? 0 : Double.parseDouble(r.path(0).path("value").path(1).asText());
    }

    private static JsonNode query(String promql, Instant time) throws Exception {
        URI uri = URI.create(prometheus.base() + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8)
                + "&time=" + time.toEpochMilli() / 1000.0);
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return JSON.readTree(r.body()).path("data");
    }
}
