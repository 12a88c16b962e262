package io.loadlab.loadgen.resource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.testsupport.Prometheus;
import io.loadlab.testsupport.RecordedExposition;
import io.loadlab.testsupport.SystemTest;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The presets' PromQL against a real Prometheus that scraped a real kubelet 1.20.2's {@code /metrics/cadvisor},
 * node-exporter 1.5.0 and our target's OpenMetrics {@code /q/metrics}, recorded during a 60 s load (the shared
 * fixture {@code kubelet-1.20.2}, cgroup v1) and replayed one capture per 1 s scrape. Each figure's query must
 * find exactly the one series the preset means, and its value must be what the recorded text says: the counter's
 * difference between the first and the last capture over the distance Prometheus stored between them. The query
 * is evaluated at the last capture's scrape with a range reaching back exactly to the first, so Prometheus
 * extrapolates nothing and the relation is exact.
 */
@SystemTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RecordedExpositionPresetsTest {

    private static final String RECORDING = "kubelet-1.20.2";
    private static final Map<String, String> CADVISOR_MATCH = Map.of("namespace", "loadlab", "pod", "target-.*",
            "container", "target-service");
    /** The target's exclusive core (the static CPU manager's state in the recording). */
    private static final String PINNED = "1";
    /**
     * The host side of the target pod's veth. The node's main interface, eth0, carried nothing during the run
     * (1,719,327 bytes sent in captures 00 and 08 alike): the recording's cluster is one node, so the load never
     * left it.
     */
    private static final String DEVICE = "vethb7bb7305";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The scrape job whose recording each preset reads. */
    private static final Map<Preset, String> JOBS = Map.of(Preset.CADVISOR, "cadvisor", Preset.NODE, "node", Preset.PROCESS, "target");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<AutoCloseable> started = new ArrayList<>();
    private Prometheus prometheus;
    private String nodeInstance;
    /** Per job, the scrape times (ms) Prometheus stored for the first and the last capture. */
    private final Map<String, long[]> windows = new HashMap<>();

    @BeforeAll
    void replayTheRecordingToARealPrometheus(@TempDir Path work) throws Exception {
        RecordedExposition cadvisor = replay("cadvisor", RecordedExposition.TEXT);
        RecordedExposition node = replay("node", RecordedExposition.TEXT);
        RecordedExposition target = replay("target", RecordedExposition.OPEN_METRICS);
        nodeInstance = node.hostPort();
        Path config = Files.writeString(work.resolve("prometheus.yml"), "global:\n  scrape_interval: 1s\n"
                + "  scrape_timeout: 1s\n  evaluation_interval: 1s\nscrape_configs:\n"
                + cadvisor.scrapeJob("cadvisor") + node.scrapeJob("node") + target.scrapeJob("target"));
        prometheus = Prometheus.start(config, work);
        started.add(prometheus);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        // one scrape past the last capture: the last one's samples are then stored (a target is scraped serially)
        while (List.of(cadvisor, node, target).stream().anyMatch(r -> r.served() <= r.captures())) {
            if (System.nanoTime() > deadline) {
                fail("Prometheus did not scrape the nine captures within 30 s:\n" + prometheus.logTail());
            }
            Thread.sleep(200);
        }
        for (String job : List.of("cadvisor", "node", "target")) {
            List<Long> times = new ArrayList<>();
            List<String> up = new ArrayList<>();
            query("up{job=\"" + job + "\"}[1m]", System.currentTimeMillis()).get(0).path("values").forEach(v -> {
                times.add(Math.round(v.get(0).asDouble() * 1000));
                up.add(v.get(1).asText());
            });
            assertTrue(times.size() > cadvisor.captures(), job + " scrapes stored: " + times);
            // a failed scrape may have consumed a capture: the stored series would then skip one
            assertEquals(Collections.nCopies(cadvisor.captures(), "1"), up.subList(0, cadvisor.captures()),
                    job + ": a scrape of the recording failed (up), so captures and samples no longer pair");
            windows.put(job, new long[] {times.get(0), times.get(cadvisor.captures() - 1)});
        }
    }

    @AfterAll
    void stop() throws Exception {
        for (int i = started.size() - 1; i >= 0; i--) {
            started.get(i).close();
        }
    }

    @Test
    void cadvisorCpuIsTheAppContainersCounterOverTheCell() throws Exception {
        double seconds = RecordedExposition.delta(RECORDING, "cadvisor", "container_cpu_usage_seconds_total", appContainer());
        assertEquals(50.496, seconds, 0.001, "the recording's README: the target container's CPU seconds 00 to 08");
        assertEquals(rate("cadvisor", seconds), one(Preset.CADVISOR, Figure.CPU, 0, CADVISOR_MATCH), 1e-9);
    }

    @Test
    void cadvisorLimitIsTheOneCoreQuota() throws Exception {
        assertEquals(1.0, one(Preset.CADVISOR, Figure.LIMIT, 0, CADVISOR_MATCH));
    }

    @Test
    void cadvisorThrottledShareIsZeroAsRecorded() throws Exception {
        assertEquals(0.0, RecordedExposition.delta(RECORDING, "cadvisor", "container_cpu_cfs_throttled_periods_total", appContainer()));
        assertTrue(RecordedExposition.delta(RECORDING, "cadvisor", "container_cpu_cfs_periods_total", appContainer()) > 0);
        assertEquals(0.0, one(Preset.CADVISOR, Figure.THROTTLED, 0, CADVISOR_MATCH));
    }

    @Test
    void cadvisorNetworkIsThePodSandboxsTransmitCounter() throws Exception {
        Predicate<String> targetPod = line -> line.contains("namespace=\"loadlab\"") && line.contains("pod=\"target-");
        double expected = rate("cadvisor", RecordedExposition.delta(RECORDING, "cadvisor", "container_network_transmit_bytes_total", targetPod));
        assertTrue(expected > 0);
        assertEquals(expected, one(Preset.CADVISOR, Figure.NETWORK, 0, CADVISOR_MATCH), 1e-6);
    }

    /** cgroup v1 and cAdvisor v0.38: no per-container PSI, so the wait is not measured (null, never 0). */
    @Test
    void cadvisorWaitHasNoSeriesOnCgroupV1() throws Exception {
        assertEquals(0, series(Preset.CADVISOR, Figure.WAIT, 0, CADVISOR_MATCH).size());
    }

    /**
     * The match decides how many series there are; the product's check before the first cell turns any count but
     * one into a 400. Without {@code container}, {@code container!=""} still leaves out the pod cgroup's and the
     * sandbox's rows, so the pod's one app container remains; the namespace alone matches the loadgen's too.
     */
    @Test
    void aLooserMatchFindsAsManyCpuSeriesAsTheRecordingHas() throws Exception {
        assertEquals(1, series(Preset.CADVISOR, Figure.CPU, 0, Map.of("namespace", "loadlab", "pod", "target-.*")).size());
        assertEquals(2, series(Preset.CADVISOR, Figure.CPU, 0, Map.of("namespace", "loadlab")).size());
        assertEquals(0, series(Preset.CADVISOR, Figure.CPU, 0, Map.of("namespace", "shop")).size());
    }

    @Test
    void nodeCpuIsThePinnedCoresBusyTime() throws Exception {
        Predicate<String> busyOnPinned = line -> line.contains("cpu=\"" + PINNED + "\"")
                && !line.contains("mode=\"idle\"") && !line.contains("mode=\"iowait\"");
        double expected = rate("node", RecordedExposition.delta(RECORDING, "node", "node_cpu_seconds_total", busyOnPinned));
        assertEquals(expected, one(Preset.NODE, Figure.CPU, 0, nodeMatch()), 1e-9);
    }

    /** node-exporter 1.5.0's default collectors here export no schedstat, so the wait falls to the node's PSI. */
    @Test
    void nodeWaitFallsToTheNodesPressureWithoutSchedstat() throws Exception {
        assertEquals(0, series(Preset.NODE, Figure.WAIT, 0, nodeMatch()).size());
        double expected = rate("node", RecordedExposition.delta(RECORDING, "node", "node_pressure_cpu_waiting_seconds_total", line -> true));
        assertEquals(expected, one(Preset.NODE, Figure.WAIT, 1, nodeMatch()), 1e-9);
    }

    @Test
    void nodeNetworkIsTheNamedDevicesTransmitCounter() throws Exception {
        double expected = rate("node", RecordedExposition.delta(RECORDING, "node", "node_network_transmit_bytes_total", l -> l.contains("device=\"" + DEVICE + "\"")));
        assertTrue(expected > 0);
        assertEquals(expected, one(Preset.NODE, Figure.NETWORK, 0, nodeMatch()), 1e-6);
    }

    /**
     * Micrometer's OpenMetrics text, served with its content type: {@code # TYPE process_cpu_time_ns counter} with
     * the sample {@code process_cpu_time_ns_total} is stored under the sample's name. No client library's
     * {@code process_cpu_seconds_total} here, so the first template finds nothing and the second one series.
     */
    @Test
    void processCpuIsMicrometersExactCounter() throws Exception {
        Map<String, String> match = Map.of("job", "target");
        assertEquals(0, series(Preset.PROCESS, Figure.CPU, 0, match).size());
        double expected = rate("target", RecordedExposition.delta(RECORDING, "target", "process_cpu_time_ns_total", line -> true)) / 1e9;
        assertEquals(expected, one(Preset.PROCESS, Figure.CPU, 1, match), 1e-9);
        assertEquals(1, series(Preset.PROCESS, Figure.CPU, 2, match).size(), "process_cpu_usage × system_cpu_count");
    }

    private Predicate<String> appContainer() {
        return line -> line.contains("container=\"target-service\"") && line.contains("namespace=\"loadlab\"");
    }

    private Map<String, String> nodeMatch() {
        return Map.of("instance", nodeInstance.replace(".", "\\."));
    }

    /** A counter's recorded difference over the distance Prometheus stored between the job's captures, per second. */
    private double rate(String job, double delta) {
        long[] w = windows.get(job);
        return delta / ((w[1] - w[0]) / 1000.0);
    }

    /** The template's one series' value. */
    private double one(Preset preset, Figure figure, int template, Map<String, String> match) throws Exception {
        List<JsonNode> result = series(preset, figure, template, match);
        assertEquals(1, result.size(), preset + " " + figure + " series: " + result);
        return result.get(0).path("value").get(1).asDouble();
    }

    private List<JsonNode> series(Preset preset, Figure figure, int template, Map<String, String> match) throws Exception {
        long[] w = windows.get(JOBS.get(preset));
        String promql = PromQl.render(preset.templates(figure).get(template), match, PINNED, DEVICE, Duration.ofMillis(w[1] - w[0]));
        return query(promql, w[1]);
    }

    private List<JsonNode> query(String promql, long atMillis) throws IOException, InterruptedException {
        String time = (atMillis / 1000) + "." + String.format("%03d", atMillis % 1000);
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(prometheus.base() + "/api/v1/query?query="
                + URLEncoder.encode(promql, StandardCharsets.UTF_8) + "&time=" + time)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode body = JSON.readTree(r.body());
        assertEquals("success", body.path("status").asText(), promql + ": " + r.body());
        List<JsonNode> result = new ArrayList<>();
        body.path("data").path("result").forEach(result::add);
        return result;
    }

    private RecordedExposition replay(String kind, String contentType) throws IOException {
        RecordedExposition r = RecordedExposition.start(RecordedExposition.recording(RECORDING, kind), contentType);
        started.add(r);
        return r;
    }
}
