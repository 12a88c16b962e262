package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.resource.Figure;
import io.loadlab.loadgen.resource.Preset;
import io.loadlab.loadgen.resource.PromQl;
import io.loadlab.testsupport.NetnsLink;
import io.loadlab.testsupport.Prometheus;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code node} preset's queries against reality, before any experiment reads them: nginx (which exports nothing)
 * in a namespace, pinned to core 1 and promised it, a real node-exporter beside it, a real Prometheus scraping it
 * every second, wrk on core 0. Over a measured part of 3 s (load started 1 s before), the preset's figure, rendered by
 * {@link PromQl} exactly as a cell renders it and evaluated at the part's end, is compared with what {@code /proc} says.
 * <ul>
 * <li>CPU: counts everything on core 1 outside idle and iowait, softirq included (the veth traffic's, 0.01-0.02 of
 *     the core), so it reads a little above nginx's own utime + stime: measured 0.99-1.00 against 0.97-0.98.</li>
 * <li>Network: the namespace side's transmitted bytes behind a 50 Mbit/s tbf: measured 6.2 MB/s (49.7 Mbit/s).</li>
 * </ul>
 * Runs its own namespace ({@value #NS}); only one engineer runs netns suites on a machine at a time.
 */
@SystemTest
class NodePresetNetnsTest {

    static final String NS = "lgexp-n";
    static final String HOST_IF = "lgexp-nr";
    static final String NS_IF = "lgexp-n";
    static final String NS_ADDR = "10.200.8.2";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private static NetnsLink link;
    private static NetnsNginx nginx;
    private static Prometheus prometheus;

    @BeforeAll
    static void start() throws Exception {
        link = NetnsLink.up(NS, HOST_IF, NS_IF, "10.200.8.1", NS_ADDR, null);
        Path work = Files.createTempDirectory("node-preset");
        nginx = new NetnsNginx(link.enter(), NS_ADDR, 1, "lgexp-n", work);
        Path config = work.resolve("prometheus.yml");
        Files.writeString(config, "global: {scrape_interval: 1s, evaluation_interval: 1s}\nscrape_configs:\n"
                + "  - job_name: node\n    static_configs: [{targets: ['" + nginx.exporterInstance() + "']}]\n"
                // a second job scraping the same exporter, as a ServiceMonitor beside an annotation scrape does
                + "  - job_name: node-again\n    static_configs: [{targets: ['" + nginx.exporterInstance() + "']}]\n");
        prometheus = Prometheus.start(config, work);
    }

    @AfterAll
    static void stop() {
        if (prometheus != null) {
            prometheus.close();
        }
        if (nginx != null) {
            nginx.close();
        }
        if (link != null) {
            link.close();
        }
        NetnsLink.down(NS, HOST_IF);
    }

    /** A measured part under load: its wall-clock ends (epoch seconds) and nginx's CPU seconds over it. */
    private record Part(double start, double end, double nginxCpu) {
        Duration length() {
            return Duration.ofMillis(Math.round((end - start) * 1000));
        }

        double nginxCores() {
            return nginxCpu / (end - start);
        }
    }

    private static Part load(String path, int connections) throws Exception {
        awaitSamples();
        Process wrk = new ProcessBuilder("taskset", "-c", "0", "wrk", "-t1", "-c" + connections, "-d5s",
                "-H", "Accept-Encoding: gzip", nginx.base() + path).redirectErrorStream(true).start();
        try {
            TimeUnit.SECONDS.sleep(1);
            double start = now();
            double cpu0 = nginx.cpuSeconds();
            TimeUnit.SECONDS.sleep(3);
            double cpu1 = nginx.cpuSeconds();
            double end = now();
            assertTrue(wrk.isAlive(), "wrk ended early: " + new String(wrk.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            return new Part(start, end, cpu1 - cpu0);
        } finally {
            if (!wrk.waitFor(10, TimeUnit.SECONDS)) {
                wrk.destroyForcibly();
            }
            // the sample after the part's end must be in before a query at its end reads the part
            TimeUnit.MILLISECONDS.sleep(1500);
        }
    }

    @Test
    void theNodePresetsCpuFigureIsWhatProcSaysNginxUsedOnItsCore() throws Exception {
        link.rate(null);
        Part part = load(NetnsNginx.TEXT, 16);
        List<Double> cpu = query(render(Figure.CPU, 0, part), part.end());
        assertEquals(1, cpu.size(), "one series for the one instance");
        double node = cpu.get(0);
        System.out.printf("node preset cpu %.3f, nginx /proc %.3f cores%n", node, part.nginxCores());
        assertTrue(part.nginxCores() >= 0.85, "nginx filled its core (else the comparison proves less): " + part.nginxCores());
        assertEquals(part.nginxCores(), node, part.nginxCores() * 0.10, "within 10% of /proc");
        assertTrue(node >= 0.85, "a saturated core reads saturated: " + node);
    }

    /**
     * The wait: node-exporter's schedstat collector reads {@code /proc/schedstat}, which only a kernel with
     * CONFIG_SCHEDSTATS has (this VM's 6.18 has none); without it the preset falls back to PSI, machine-wide.
     */
    @Test
    void theWaitComesFromSchedstatWhereTheKernelHasItElsePressure() throws Exception {
        Part part = load(NetnsNginx.TEXT, 16);
        boolean schedstat = Files.exists(Path.of("/proc/schedstat"));
        assertEquals(schedstat ? 1 : 0, query(render(Figure.WAIT, 0, part), part.end()).size(), "schedstat series");
        List<Double> psi = query(render(Figure.WAIT, 1, part), part.end());
        assertEquals(1, psi.size(), "node_pressure_cpu_waiting_seconds_total (PSI, /proc/pressure/cpu)");
        assertTrue(psi.get(0) >= 0 && psi.get(0) <= 1.0001, "a share of time: " + psi.get(0));
    }

    @Test
    void theNodePresetsNetworkFigureIsTheShapedLinksRate() throws Exception {
        link.rate("50mbit");
        try {
            Part part = load(NetnsNginx.BIG, 8);
            List<Double> sent = query(render(Figure.NETWORK, 0, part), part.end());
            assertEquals(1, sent.size());
            System.out.printf("node preset network %.3f MB/s behind 50 Mbit/s%n", sent.get(0) / 1e6);
            assertEquals(50e6 / 8, sent.get(0), 50e6 / 8 * 0.10, "bytes/s the tbf lets through");
        } finally {
            link.rate(null);
        }
    }

    /**
     * Two jobs scrape one exporter: matched by instance alone, the preset's CPU must come back as two series (which
     * the one-series check refuses), never one summed series with twice the CPU.
     */
    @Test
    void twoJobsScrapingOneExporterAreTwoSeriesNotOneDoubled() throws Exception {
        Part part = load(NetnsNginx.TEXT, 16);
        String cpu = PromQl.render(Preset.NODE.templates(Figure.CPU).get(0), Map.of("instance", nginx.exporterInstance()),
                "1", NS_IF, part.length());
        List<Double> both = query(cpu, part.end());
        assertEquals(2, both.size(), "one series per job: " + both);
        assertEquals(both.get(0), both.get(1), 0.05, "the same core, read twice");
        List<Double> merged = query(cpu.replace("sum by (job, instance)", "sum by (instance)"), part.end());
        System.out.printf("two jobs: %s by job; summed by instance alone %s%n", both, merged);
        assertEquals(both.get(0) + both.get(1), merged.get(0), 1e-6, "what summing by instance alone would have reported");
    }

    private static String render(Figure figure, int choice, Part part) {
        return PromQl.render(Preset.NODE.templates(figure).get(choice), Map.of("job", "node", "instance", nginx.exporterInstance()),
                "1", NS_IF, part.length());
    }

    /** An instant query's values; bounded: 5 s for the exchange, answers of a few series. */
    static List<Double> query(String promql, double time) throws IOException, InterruptedException {
        String form = "query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8) + "&time=" + time;
        HttpRequest r = HttpRequest.newBuilder(URI.create(prometheus.base() + "/api/v1/query")).timeout(Duration.ofSeconds(5))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)).build();
        HttpResponse<String> answer = HTTP.send(r, HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), promql + ": " + answer.body());
        List<Double> values = new ArrayList<>();
        for (JsonNode series : JSON.readTree(answer.body()).path("data").path("result")) {
            values.add(Double.parseDouble(series.path("value").path(1).asText()));
        }
        return values;
    }

    /** Two samples of node-exporter in before the part starts, so the rate's first sample is inside it. */
    private static void awaitSamples() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (query("count_over_time(node_cpu_seconds_total{cpu=\"1\",mode=\"idle\"}[10s])", now()).stream()
                .noneMatch(n -> n >= 2)) {
            assertTrue(System.nanoTime() < deadline, "Prometheus never scraped node-exporter:\n" + prometheus.logTail());
            TimeUnit.MILLISECONDS.sleep(200);
        }
    }

    private static double now() {
        return System.currentTimeMillis() / 1000.0;
    }
}
