package io.loadlab.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.testsupport.FreePorts;
import io.loadlab.testsupport.LocalProcess;
import io.loadlab.testsupport.Prometheus;
import io.loadlab.testsupport.RecordedExposition;
import io.loadlab.testsupport.ServiceJar;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The dashboards against the real thing: a Prometheus started here scrapes both packaged services
 * (every second, with prometheus-local.yml adapted to free ports) while the loadgen, driven through its
 * REST API, loads the target: an HTTP run, a short keep-alive-off one, then a UDP run against the reflector. Then every template
 * variable and every panel query of every dashboard is evaluated through Prometheus' HTTP API at a moment
 * inside the run that feeds it (UDP panels: the UDP run), and must return data.
 * <p>Two loadgen processes, each with its own {@code loadgen.agent.name}, drive the HTTP run side by side (as the
 * agents of a distributed run do), so the panels split {@code by (agent)} are seen to split: one series per agent.
 */
@SystemTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DashboardQueriesIT {

    private static final Duration HTTP_RUN = Duration.ofSeconds(8);
    private static final Duration UDP_RUN = Duration.ofSeconds(5);
    /** A keep-alive-off run: a connection per request, 2 × 50/s, each leaving a socket in TIME_WAIT for 60 s. */
    private static final Duration CLOSE_RUN = Duration.ofSeconds(2);
    /**
     * A keep-alive-off run over TLS: handshakes/s and handshake time while it is measured. No warm-up: with 2 s of it
     * the loadgen measured 0 requests after 66 warm-up ones (reported to the loadgen's TLS side).
     */
    private static final Duration TLS_WARMUP = Duration.ZERO;
    private static final Duration TLS_RUN = Duration.ofSeconds(6);
    /** Two scrapes at 1 s: enough for Prometheus to hold the figures a run set at its end. */
    private static final Duration SCRAPED = Duration.ofMillis(2500);
    /** One experiment cell (an HTTP run); it starts right after the experiment is posted, its link given. */
    private static final Duration EXPERIMENT_CELL = Duration.ofSeconds(6);
    /** Queries are evaluated this long before a run ends: several scrapes of load, the run still active. */
    private static final Duration BEFORE_END = Duration.ofSeconds(2);
    private static final String RATE_INTERVAL = "5s";
    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\(\\s*(?:(.*),\\s*)?(\\w+)\\s*\\)");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** RunState's end states as the API writes them. */
    private static final List<String> FINISHED = List.of("completed", "failed", "cancelled");
    /** The two loadgens' agent names: the first runs everything, the second only the HTTP run beside it. */
    private static final List<String> AGENTS = List.of("dash-agent-a", "dash-agent-b");
    /**
     * Issue 23: the node-size dashboard's cAdvisor and node-exporter rows over a real kubelet 1.20.2's
     * {@code /metrics/cadvisor} and its node's node-exporter 1.5.0, recorded under load (the shared fixture) and
     * replayed one capture per scrape; their variables set to the recorded target and its pinned core.
     */
    private static final String CADVISOR_JOB = "kubelet-cadvisor";
    private static final String NODE_EXPORTER_JOB = "node-exporter";
    /** The recorded target, and the core the static CPU manager gave it. */
    private static final Map<String, String> RECORDED_SERVICE = Map.of("service_namespace", "loadlab",
            "service_pod", "target-675c649f78-tklrt", "service_container", "target-service", "node_cpu", "1");
    /** The recording's cgroup v1 kubelet has no per-container PSI: a query over it must find nothing, never a 0. */
    private static final String ABSENT_ON_CGROUP_V1 = "container_pressure_";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<AutoCloseable> processes = new ArrayList<>();
    private Prometheus prometheusProcess;
    private PrometheusApi prometheus;
    /** Started with {@code --enable-feature=native-histograms}, scraping the two services only. */
    private PrometheusApi nativeHistograms;
    private double startedAt;
    private double httpMoment;
    /** After both HTTP runs ended and were scraped, before the next run: their whole latency in the histogram. */
    private double httpEndMoment;
    private String httpUrl;
    private String secondHttpUrl;
    private double udpMoment;
    private double experimentMoment;
    private double closeMoment;
    private double tlsMoment;
    /** Just after the TLS run: on a busy machine its handshakes came in one burst at its end (257 in its last second). */
    private double tlsEndMoment;
    private JsonNode tlsRun;
    private JsonNode httpRun;
    private JsonNode secondHttpRun;
    private JsonNode closeRun;
    private JsonNode udpRun;
    private JsonNode experiment;

    @BeforeAll
    void scrapeBothServicesUnderLoad() throws Exception {
        Path workRoot = Path.of(System.getProperty("loadlab.work.dir", System.getProperty("java.io.tmpdir")));
        Files.createDirectories(workRoot);
        Path work = Files.createTempDirectory(workRoot, "dashboards-");

        int targetPort = FreePorts.tcp();
        int targetHttpsPort = FreePorts.tcp();
        int loadgenPort = FreePorts.tcp();
        int secondLoadgenPort = FreePorts.tcp();
        int udpPort = FreePorts.udp();
        String token = UUID.randomUUID().toString();
        Path config = work.resolve("prometheus.yml");
        RecordedExposition cadvisor = RecordedExposition.start(RecordedExposition.recording("kubelet-1.20.2", "cadvisor"),
                RecordedExposition.TEXT);
        processes.add(cadvisor);
        RecordedExposition node = RecordedExposition.start(RecordedExposition.recording("kubelet-1.20.2", "node"),
                RecordedExposition.TEXT);
        processes.add(node);
        writeScrapeConfig(config, Map.of("target-service", List.of("127.0.0.1:" + targetPort),
                "loadgen-service", List.of("127.0.0.1:" + loadgenPort, "127.0.0.1:" + secondLoadgenPort)),
                cadvisor.scrapeJob(CADVISOR_JOB) + node.scrapeJob(NODE_EXPORTER_JOB));
        assertNull(Prometheus.check(config), "promtool check config " + config);

        LocalProcess target = start("target-service", ServiceJar.TARGET.command(List.of(), List.of("-Xmx256m",
                "-Dquarkus.http.port=" + targetPort, "-Dquarkus.http.host=127.0.0.1", "-Dtarget.udp.host=127.0.0.1",
                "-Dtarget.udp.port=" + udpPort, "-Dtarget.https.host=127.0.0.1", "-Dtarget.https.port=" + targetHttpsPort)), work);
        LocalProcess loadgen = startLoadgen(loadgenPort, token, AGENTS.get(0), work, "-Dloadgen.limits.allow-insecure-tls=true");
        LocalProcess secondLoadgen = startLoadgen(secondLoadgenPort, token, AGENTS.get(1), work);
        prometheusProcess = Prometheus.start(config, work);
        processes.add(prometheusProcess);
        // A second scraper with native histograms on (it asks for protobuf first), on the services alone: the recorded
        // expositions replay a capture per scrape, which a second scraper would take from the first.
        Path nativeWork = Files.createDirectories(work.resolve("native-histograms"));
        Path nativeConfig = nativeWork.resolve("prometheus.yml");
        writeScrapeConfig(nativeConfig, Map.of("target-service", List.of("127.0.0.1:" + targetPort),
                "loadgen-service", List.of("127.0.0.1:" + loadgenPort, "127.0.0.1:" + secondLoadgenPort)), "[]");
        Prometheus nativeProcess = Prometheus.start(nativeConfig, nativeWork, FreePorts.tcp(),
                List.of("--enable-feature=native-histograms"));
        processes.add(nativeProcess);
        nativeHistograms = new PrometheusApi(nativeProcess.base());
        target.awaitReady("http://127.0.0.1:" + targetPort + "/q/health/ready", Duration.ofSeconds(60));
        loadgen.awaitReady("http://127.0.0.1:" + loadgenPort + "/q/health/ready", Duration.ofSeconds(60));
        secondLoadgen.awaitReady("http://127.0.0.1:" + secondLoadgenPort + "/q/health/ready", Duration.ofSeconds(60));
        prometheus = new PrometheusApi(prometheusProcess.base());
        startedAt = now();
        awaitScraped(Map.of("target-service", 1, "loadgen-service", 2, CADVISOR_JOB, 1, NODE_EXPORTER_JOB, 1));

        String loadgenUrl = "http://127.0.0.1:" + loadgenPort;
        ObjectNode http = JSON.createObjectNode().put("kind", "http")
                .put("target", "http://127.0.0.1:" + targetPort + "/test/testApi").put("method", "POST")
                .put("body", "{\"number\":10}").put("connections", 4).put("threads", 1)
                .put("duration", HTTP_RUN.toSeconds() + "s").put("rate", 400).put("timeout", "2s");
        http.putObject("headers").put("Content-Type", "application/json");
        httpUrl = startRun(loadgenUrl, token, http);
        // The second loadgen only has to be seen as a second agent: a light part of the same run keeps its cost low.
        secondHttpUrl = startRun("http://127.0.0.1:" + secondLoadgenPort, token,
                http.deepCopy().put("connections", 1).put("rate", 100));
        httpMoment = momentBeforeEnd(HTTP_RUN);
        httpRun = awaitFinished(httpUrl, HTTP_RUN.plusSeconds(30));
        secondHttpRun = awaitFinished(secondHttpUrl, HTTP_RUN.plusSeconds(30));
        Thread.sleep(SCRAPED.toMillis());
        httpEndMoment = now();

        ObjectNode close = http.deepCopy().put("keepAlive", false).put("connections", 2).put("rate", 50)
                .put("duration", CLOSE_RUN.toSeconds() + "s").put("timeout", "10s");
        closeRun = awaitFinished(startRun(loadgenUrl, token, close), CLOSE_RUN.plusSeconds(30));
        Thread.sleep(SCRAPED.toMillis());
        closeMoment = now();

        // Over TLS with keep-alive off, a handshake per request, for the TLS panels of both dashboards (the target's
        // self-signed certificate: insecure, which the first loadgen is started to allow). Apart from the HTTP run:
        // a cold JVM's first handshake took 5.5 s on the target alone at load average 19 (0.5 s after), with the
        // HTTP run beside it neither got anything done; the timeout is one a busy machine cannot hit.
        ObjectNode tls = http.deepCopy().put("connections", 1).put("rate", 50).put("keepAlive", false).put("timeout", "20s")
                .put("warmup", TLS_WARMUP.toSeconds() + "s").put("duration", TLS_RUN.toSeconds() + "s")
                .put("target", "https://127.0.0.1:" + targetHttpsPort + "/test/testApi");
        tls.putObject("tls").put("insecure", true);
        String tlsUrl = startRun(loadgenUrl, token, tls);
        tlsMoment = momentBeforeEnd(TLS_WARMUP.plus(TLS_RUN));
        tlsRun = awaitFinished(tlsUrl, TLS_WARMUP.plus(TLS_RUN).plusSeconds(40));
        Thread.sleep(SCRAPED.toMillis());
        tlsEndMoment = now();

        ObjectNode udp = JSON.createObjectNode().put("kind", "udp-underload").put("target", "udp://127.0.0.1:" + udpPort)
                .put("messageSize", 64).put("rate", 2000).put("replyEvery", 100).put("duration", UDP_RUN.toSeconds() + "s")
                .put("targetMetrics", "http://127.0.0.1:" + targetPort + "/q/metrics");
        String udpUrl = startRun(loadgenUrl, token, udp);
        udpMoment = momentBeforeEnd(UDP_RUN);
        udpRun = awaitFinished(udpUrl, UDP_RUN.plusSeconds(30));

        ObjectNode exp = JSON.createObjectNode().put("name", "dashboards").put("duration", EXPERIMENT_CELL.toSeconds() + "s")
                .put("warmup", "0s").put("linkMbps", 10_000);
        exp.putArray("targets").addObject().put("name", "local")
                .put("url", "http://127.0.0.1:" + targetPort + "/test/testApi")
                .put("metrics", "http://127.0.0.1:" + targetPort + "/q/metrics")
                .put("cores", Runtime.getRuntime().availableProcessors());
        exp.putArray("variants").addObject().put("number", 2).put("connections", 2).put("threads", 1);
        String experimentUrl = start(loadgenUrl + "/experiments", token, exp);
        experimentMoment = momentBeforeEnd(EXPERIMENT_CELL);
        experiment = awaitFinished(experimentUrl, EXPERIMENT_CELL.plusSeconds(30));
    }

    /** Sleeps until {@link #BEFORE_END} before a run of {@code length} started now ends; that moment. */
    private static double momentBeforeEnd(Duration length) throws InterruptedException {
        double started = now();
        Thread.sleep(length.minus(BEFORE_END).toMillis());
        double moment = now();
        assertTrue(moment - started < length.toSeconds(), "evaluation moment fell after the run");
        return moment;
    }

    @AfterAll
    void stopEverything() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            try {
                processes.get(i).close();
            } catch (Exception e) {
                throw new IllegalStateException("stopping " + processes.get(i), e);
            }
        }
    }

    @Test
    void httpLoadWentThroughTheLoadgenToTheTarget() throws Exception {
        assertEquals("completed", httpRun.path("state").asText(), "run: " + httpRun);
        assertEquals("completed", secondHttpRun.path("state").asText(), "second loadgen's run: " + secondHttpRun);
        String uri = "uri=\"/test/testApi\"";
        assertPositive("sum(rate(http_server_requests_seconds_count{" + uri + ", status=\"200\"}[" + RATE_INTERVAL + "]))", httpMoment);
        assertPositive("sum(loadgen_achieved_rate)", httpMoment);
        assertPositive("sum(loadgen_requested_rate)", httpMoment);
        assertPositive("sum(rate(loadgen_bytes_received_total[" + RATE_INTERVAL + "]))", httpMoment);
        assertPositive("sum(loadgen_active_connections)", httpMoment);
        assertPositive("histogram_quantile(0.99, sum by (le) (rate(loadgen_latency_seconds_bucket{kind=\"http\"}["
                + RATE_INTERVAL + "])))", httpMoment);
    }

    /**
     * Issue 25: the latency panel's p99 is the quantile of both loadgens' buckets added. Its value while the HTTP run ran
     * equals {@code histogram_quantile} computed here over the sum of each agent's bucket rates (both agents counted);
     * after both runs, every bucket and the count equal what the two runs' histograms ({@code GET /runs/{id}/histogram}),
     * merged with HdrHistogram, hold, and the p99 of the summed buckets lies in the bucket of the merged exact p99.
     */
    @Test
    void latencyPanelIsTheQuantileOfBothLoadgensBucketsAdded() throws Exception {
        Dashboard d = Dashboard.all().stream().filter(x -> "loadlab-loadgen".equals(x.uid())).findFirst().orElseThrow();
        Dashboard.Query panel = d.queries().stream()
                .filter(q -> q.expr().startsWith("histogram_quantile(0.99, sum by (kind, le) (rate(loadgen_latency_seconds_bucket{"))
                .findFirst().orElseThrow(() -> new AssertionError(d.name() + ": no p99 panel query over added buckets"));
        String promql = resolve(d).apply(panel.expr());
        double shown = Double.NaN;
        for (JsonNode r : prometheus.query(promql, httpMoment).path("result")) {
            if (r.path("metric").path("kind").asText().equals("http")) {
                shown = Double.parseDouble(r.path("value").get(1).asText());
            }
        }
        Map<String, Map<Double, Double>> byAgent = buckets("sum by (agent, le) (rate(loadgen_latency_seconds_bucket{kind=\"http\"}["
                + RATE_INTERVAL + "]))", "agent", httpMoment);
        assertEquals(AGENTS, byAgent.keySet().stream().sorted().toList(), "both loadgens' buckets at the panel's moment");
        Map<Double, Double> added = new HashMap<>();
        byAgent.forEach((agent, b) -> {
            assertTrue(b.get(Double.POSITIVE_INFINITY) > 0, agent + " measured nothing: " + b);
            b.forEach((le, v) -> added.merge(le, v, Double::sum));
        });
        double expected = BucketQuantile.of(0.99, added);
        assertTrue(expected > 0, "p99 of the added buckets: " + expected + " from " + added);
        assertEquals(expected, shown, expected * 1e-9, panel.where() + " shows the p99 of both loadgens' buckets added\n  expr: " + promql);

        org.HdrHistogram.Histogram merged = runHistogram(httpUrl);
        merged.add(runHistogram(secondHttpUrl));
        Map<Double, Double> total = buckets("sum by (le) (loadgen_latency_seconds_bucket{kind=\"http\"})", null, httpEndMoment)
                .get("");
        for (Map.Entry<Double, Double> b : total.entrySet()) {
            long inMerged = 0;
            for (org.HdrHistogram.HistogramIterationValue v : merged.recordedValues()) {
                if (v.getValueIteratedTo() <= b.getKey() * 1e9) { // the rule the loadgen buckets by: HdrHistogram's reported value
                    inMerged += v.getCountAtValueIteratedTo();
                }
            }
            assertEquals(inMerged, Math.round(b.getValue()), "le=" + b.getKey() + ": the two runs' histograms merged");
        }
        assertEquals(merged.getTotalCount(), Math.round(total.get(Double.POSITIVE_INFINITY)), "count: both runs' requests");
        double exact = merged.getValueAtPercentile(99) / 1e9;
        double fromBuckets = BucketQuantile.of(0.99, total);
        assertEquals(fromBuckets, value("histogram_quantile(0.99, sum by (le) (loadgen_latency_seconds_bucket{kind=\"http\"}))",
                httpEndMoment), fromBuckets * 1e-9, "Prometheus' histogram_quantile over the summed buckets");
        Double upper = total.keySet().stream().filter(le -> le >= exact).min(Double::compare).orElseThrow();
        double lower = total.keySet().stream().filter(le -> le < exact).max(Double::compare).orElse(0.0);
        assertTrue(fromBuckets >= lower && fromBuckets <= upper, "p99 from buckets " + fromBuckets
                + " s outside the bucket (" + lower + ", " + upper + "] of the merged exact p99 " + exact + " s");
        System.out.printf("DashboardQueriesIT: merged exact p99 %.6f s, from added buckets %.6f s, bucket (%s, %s]%n",
                exact, fromBuckets, lower, upper);
    }

    /**
     * A Prometheus with native histograms on asks for protobuf first; the loadgen answers in text (its Prometheus client,
     * simpleclient 0.16, writes no protobuf and no native histograms), and that scraper holds the same classic buckets,
     * so turning the feature on loses no panel. The native form ({@code histogram_quantile(0.99,
     * sum(rate(loadgen_latency_seconds[...])))}) is not there to compare: see grafana/README.md.
     */
    @Test
    void aScraperWithNativeHistogramsOnReadsTheSameBuckets() throws Exception {
        String query = "sum by (le) (loadgen_latency_seconds_bucket{kind=\"http\"})";
        Map<Double, Double> classic = buckets(query, null, httpEndMoment).get("");
        JsonNode result = nativeHistograms.query(query, httpEndMoment).path("result");
        Map<Double, Double> seen = new HashMap<>();
        result.forEach(r -> {
            String le = r.path("metric").path("le").asText();
            seen.put(le.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(le),
                    Double.parseDouble(r.path("value").get(1).asText()));
        });
        assertEquals(classic, seen, "the native-histograms scraper's loadgen_latency_seconds_bucket");
    }

    /** An instant query's {@code _bucket} sums by {@code le}, grouped by {@code label}'s value ("" with none). */
    private Map<String, Map<Double, Double>> buckets(String promql, String label, double moment)
            throws IOException, InterruptedException {
        Map<String, Map<Double, Double>> out = new java.util.TreeMap<>();
        for (JsonNode r : prometheus.query(promql, moment).path("result")) {
            String group = label == null ? "" : r.path("metric").path(label).asText();
            String le = r.path("metric").path("le").asText();
            out.computeIfAbsent(group, g -> new HashMap<>()).put(le.equals("+Inf") ? Double.POSITIVE_INFINITY
                    : Double.parseDouble(le), Double.parseDouble(r.path("value").get(1).asText()));
        }
        assertFalse(out.isEmpty(), "no data: " + promql);
        return out;
    }

    /** A finished run's whole latency histogram, nanoseconds. */
    private org.HdrHistogram.Histogram runHistogram(String runUrl) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(runUrl + "/histogram?format=base64"))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), runUrl + "/histogram: " + r.body());
        try {
            return org.HdrHistogram.Histogram.decodeFromCompressedByteBuffer(
                    java.nio.ByteBuffer.wrap(java.util.Base64.getDecoder().decode(r.body().trim())), 0);
        } catch (java.util.zip.DataFormatException e) {
            throw new AssertionError(runUrl + "/histogram is not a compressed HdrHistogram", e);
        }
    }

    /**
     * The TLS panels over a real TLS run (a handshake per request at 50/s): the loadgen's handshakes/s and handshake
     * time, and the target's requests split by protocol and scheme, TLS apart from plain.
     */
    @Test
    void tlsLoadShowsAsHandshakesAndAsHttpsRequests() throws Exception {
        assertEquals("completed", tlsRun.path("state").asText(), "TLS run: " + tlsRun);
        assertTrue(tlsRun.path("report").path("tls").path("handshakes").asLong() > 0, "TLS run: " + tlsRun);
        assertTrue(tlsRun.path("report").path("tls").path("handshakeMicros").path("p99").asDouble() > 0, "TLS run: " + tlsRun);
        // counted in measured parts, as the report: the counter moved by the run's handshakes exactly
        long handshakes = tlsRun.path("report").path("tls").path("handshakes").asLong();
        assertEquals(handshakes, Math.round(value("sum(loadgen_tls_handshakes_total)", tlsEndMoment)
                - value("sum(loadgen_tls_handshakes_total)", tlsMoment - TLS_RUN.toSeconds())),
                "loadgen_tls_handshakes_total moved by the run's handshakes");
        String uri = "uri=\"/test/testApi\"";
        assertPositive("sum(rate(http_server_requests_seconds_count{" + uri + ", protocol=\"http/1.1\", scheme=\"https\"}["
                + RATE_INTERVAL + "]))", tlsEndMoment);
        assertEquals(0.0, value("sum(rate(http_server_requests_seconds_count{" + uri + ", scheme=\"https\"}["
                + RATE_INTERVAL + "])) or vector(0)", httpMoment), "no TLS request during the plain run");
    }

    /**
     * Both dashboards' TCP state panels after a keep-alive-off run: the loadgen's gauge is the run's own figure,
     * and each connection it closed is still a socket at one end or the other (or both): the loadgen's, taken when
     * its loops had closed theirs, or the target's TIME_WAIT, which lasts 60 s. Not the loadgen's TIME_WAIT alone:
     * the connections it closed last may still be in FIN_WAIT then (CI: loadgen 24 + target 74 TIME_WAIT for 100
     * opened over 2 connections).
     */
    @Test
    void aKeepAliveOffRunsTimeWaitIsOnTheLoadgenOrTheTarget() throws Exception {
        assertEquals("completed", closeRun.path("state").asText(), "run: " + closeRun);
        JsonNode report = closeRun.path("report");
        // the first loadgen's own: the second one's TLS run was keep-alive off too, and left its own figure
        String first = "agent=\"" + AGENTS.get(0) + "\"";
        double ours = value("sum(loadgen_local_ports{state=\"time_wait\", " + first + "})", closeMoment);
        assertEquals(report.path("localPorts").path("timeWait").asDouble(-1), ours, "the gauge is the report's figure");
        double oursInUse = value("sum(loadgen_local_ports{state=\"in_use\", " + first + "})", closeMoment);
        assertEquals(report.path("localPorts").path("inUse").asDouble(-1), oursInUse);
        double theirs = value("sum(target_tcp_connections{state=\"time_wait\"})", closeMoment);
        long opened = report.path("connectionsOpened").asLong();
        assertTrue(opened > 0 && oursInUse + theirs >= opened, "loadgen sockets " + oursInUse + " (TIME_WAIT " + ours
                + ") + target TIME_WAIT " + theirs + " < " + opened + " connections opened");
    }

    @Test
    void udpLoadWentThroughTheLoadgenToTheReflector() throws Exception {
        assertEquals("completed", udpRun.path("state").asText(), "run: " + udpRun);
        assertPositive("sum(rate(target_udp_received_total[" + RATE_INTERVAL + "]))", udpMoment);
        assertPositive("sum(rate(target_udp_replies_total[" + RATE_INTERVAL + "]))", udpMoment);
        assertPositive("sum(rate(loadgen_bytes_sent_total[" + RATE_INTERVAL + "]))", udpMoment);
        assertPositive("histogram_quantile(0.5, sum by (le) (rate(loadgen_latency_seconds_bucket{kind=~\"udp.*\"}["
                + RATE_INTERVAL + "])))", udpMoment);
    }

    @Test
    void experimentCellsAreVisibleWhileTheyRun() throws Exception {
        assertEquals("completed", experiment.path("state").asText(), "experiment: " + experiment);
        assertPositive("max(loadgen_experiment_cell_info{target=\"local\", variant=~\".+\"})", experimentMoment);
        // a cell the loadgen drives alone: exactly one generator
        assertEquals(1.0, value("max(loadgen_experiment_cell_generators{target=\"local\"})", experimentMoment));
        assertPositive("max(loadgen_experiment_active)", experimentMoment);
    }

    /**
     * Issue 12: every query split {@code by (agent)} returns one series per loadgen, each labelled with that
     * loadgen's {@code agent} tag, the two exactly; and {@code $agent} offers both.
     */
    @TestFactory
    Stream<DynamicTest> byAgentQueriesReturnOneSeriesPerAgent() {
        Dashboard d = Dashboard.all().stream().filter(x -> "loadlab-loadgen".equals(x.uid())).findFirst().orElseThrow();
        List<Dashboard.Query> byAgent = d.queries().stream().filter(q -> q.expr().contains("by (agent")).toList();
        assertFalse(byAgent.isEmpty(), d.name() + ": no query split by (agent)");
        DynamicTest variable = DynamicTest.dynamicTest("$agent", () -> assertEquals(
                "(" + String.join("|", AGENTS.stream().map(TemplateValues::regexEscape).toList()) + ")",
                resolve(d).apply("$agent"), "$agent: both loadgens' agent names"));
        return Stream.concat(Stream.of(variable), byAgent.stream().map(q -> DynamicTest.dynamicTest(q.where(), () -> {
            String promql = resolve(d).apply(q.expr());
            List<String> agents = new ArrayList<>();
            prometheus.query(promql, httpMoment).path("result").forEach(r -> agents.add(r.path("metric").path("agent").asText("")));
            assertEquals(AGENTS, agents.stream().sorted().toList(), q.where() + ": series' agent labels\n  expr: " + promql);
        })));
    }

    @TestFactory
    Stream<DynamicContainer> everyTemplateVariableResolves() {
        return Dashboard.all().stream().map(d -> DynamicContainer.dynamicContainer(d.name(),
                d.variables().stream().map(v -> DynamicTest.dynamicTest("$" + v.name(), () -> {
                    TemplateValues values = resolve(d);
                    assertFalse(values.apply("$" + v.name()).isEmpty());
                }))));
    }

    @TestFactory
    Stream<DynamicContainer> everyPanelQueryReturnsData() {
        return Dashboard.all().stream().map(d -> DynamicContainer.dynamicContainer(d.name(),
                d.queries().stream().map(q -> DynamicTest.dynamicTest(q.where(), () -> {
                    String promql = resolve(d).apply(q.expr());
                    double moment = q.expr().contains("experiment") ? experimentMoment
                            : q.expr().contains("udp") ? udpMoment : q.expr().contains("loadgen_tls_") ? tlsMoment : httpMoment;
                    JsonNode data;
                    try {
                        data = prometheus.query(promql, moment);
                    } catch (IOException e) {
                        throw new AssertionError(q.where() + ": " + e.getMessage() + "\n  expr: " + promql, e);
                    }
                    if (q.expr().contains(ABSENT_ON_CGROUP_V1)) {
                        assertTrue(data.path("result").isEmpty(), q.where() + ": the cgroup v1 recording has no "
                                + ABSENT_ON_CGROUP_V1 + "* series, yet the query returned data\n  expr: " + promql);
                        return;
                    }
                    assertFalse(data.path("result").isEmpty(), q.where() + " returned no data\n  expr: " + promql);
                }))));
    }

    /**
     * Grafana's order: each variable's query sees the variables above it; all values chosen ("All" made
     * explicit). The time range runs from the first scrape to the end of the last run's evaluation.
     */
    private TemplateValues resolve(Dashboard d) throws IOException, InterruptedException {
        double end = Math.max(Math.max(Math.max(httpMoment, udpMoment), experimentMoment), tlsMoment);
        TemplateValues values = new TemplateValues(RATE_INTERVAL, "1s", (long) Math.ceil(end - startedAt));
        for (Dashboard.Variable v : d.variables()) {
            Matcher m = LABEL_VALUES.matcher(v.query());
            if (!m.matches()) {
                fail(d.name() + ": $" + v.name() + " is not a label_values() query: " + v.query());
            }
            String selector = m.group(1) == null ? null : values.apply(m.group(1));
            List<String> found = prometheus.labelValues(m.group(2), selector, startedAt, end);
            assertFalse(found.isEmpty(), d.name() + ": template variable $" + v.name() + " has no values\n  query: "
                    + v.query() + "\n  selector: " + selector);
            boolean several = v.multi() || v.includeAll();
            String pinned = RECORDED_SERVICE.get(v.name());
            if (pinned != null) {
                assertTrue(found.contains(pinned), d.name() + ": $" + v.name() + " does not offer the recorded " + pinned + ": " + found);
                values.set(v.name(), List.of(pinned), several);
                continue;
            }
            values.set(v.name(), several ? found : List.of(found.get(0)), several);
        }
        return values;
    }

    private void assertPositive(String promql, double moment) throws IOException, InterruptedException {
        double value = value(promql, moment);
        assertTrue(value > 0, promql + " = " + value);
    }

    /** An instant query's first sample at {@code moment}. */
    private double value(String promql, double moment) throws IOException, InterruptedException {
        JsonNode result = prometheus.query(promql, moment).path("result");
        assertFalse(result.isEmpty(), "no data: " + promql);
        return Double.parseDouble(result.get(0).path("value").get(1).asText());
    }

    private String startRun(String loadgen, String token, ObjectNode spec) throws IOException, InterruptedException {
        return start(loadgen + "/runs", token, spec);
    }

    /** POSTs a run or an experiment spec to {@code collection}; the URL of what was started. */
    private String start(String collection, String token, ObjectNode spec) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(collection))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(spec.toString())).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 501) {
            fail("the loadgen has no driver for " + spec.path("kind").asText() + " runs (501)\n" + r.body());
        }
        assertEquals(202, r.statusCode(), "POST " + collection + ": " + r.body());
        return collection + "/" + JSON.readTree(r.body()).path("id").asText();
    }

    private JsonNode awaitFinished(String runUrl, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        JsonNode run = null;
        while (System.nanoTime() < deadline) {
            run = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(runUrl)).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString()).body());
            if (FINISHED.contains(run.path("state").asText())) {
                return run;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("run did not finish within " + timeout + ": " + run);
    }

    /** Waits until Prometheus has scraped each job's targets, as many as given, successfully. */
    private void awaitScraped(Map<String, Integer> targetsByJob) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            JsonNode result = prometheus.query("up == 1", now()).path("result");
            Map<String, Integer> up = new HashMap<>();
            result.forEach(s -> up.merge(s.path("metric").path("job").asText(), 1, Integer::sum));
            if (targetsByJob.entrySet().stream().allMatch(e -> up.getOrDefault(e.getKey(), 0) >= e.getValue())) {
                return;
            }
            Thread.sleep(250);
        }
        fail("Prometheus did not scrape " + targetsByJob + " within 20 s:\n" + prometheusProcess.logTail());
    }

    /** prometheus-local.yml with each job's targets replaced and every interval at 1 s, plus the {@code extra} jobs (YAML list items). */
    private static void writeScrapeConfig(Path out, Map<String, List<String>> targetByJob, String extra) throws IOException {
        ObjectNode config = (ObjectNode) ProvisioningTest.YAML.readTree(GrafanaDir.localPrometheusConfig().toFile());
        ObjectNode global = config.with("global");
        global.put("scrape_interval", "1s").put("scrape_timeout", "1s").put("evaluation_interval", "1s");
        List<String> seen = new ArrayList<>();
        for (JsonNode job : config.path("scrape_configs")) {
            String name = job.path("job_name").asText();
            List<String> addresses = targetByJob.get(name);
            assertTrue(addresses != null, "prometheus-local.yml: unexpected job " + name);
            seen.add(name);
            for (JsonNode sc : job.path("static_configs")) {
                ArrayNode targets = ((ObjectNode) sc).putArray("targets");
                addresses.forEach(targets::add);
            }
        }
        assertTrue(seen.containsAll(targetByJob.keySet()), "prometheus-local.yml lacks jobs: " + targetByJob.keySet());
        ProvisioningTest.YAML.readTree(extra).forEach(((ArrayNode) config.path("scrape_configs"))::add);
        ProvisioningTest.YAML.writeValue(out.toFile(), config);
    }

    private LocalProcess startLoadgen(int port, String token, String agentName, Path work, String... more) {
        List<String> jvm = new ArrayList<>(List.of("-Xmx256m",
                "-Dquarkus.http.port=" + port, "-Dquarkus.http.host=127.0.0.1", "-Dloadgen.api.token=" + token,
                "-Dloadgen.agent.name=" + agentName, "-Dloadgen.data-dir=" + work.resolve("data-" + agentName)));
        jvm.addAll(List.of(more));
        return start("loadgen-" + agentName, ServiceJar.LOADGEN.command(List.of(), jvm), work);
    }

    private LocalProcess start(String name, List<String> command, Path work) {
        LocalProcess p = LocalProcess.start(name, command, work);
        processes.add(p);
        return p;
    }

    private static double now() {
        return System.currentTimeMillis() / 1000.0;
    }
}
