package io.loadlab.grafana;

import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.TargetService;
import io.loadlab.testsupport.TempDirs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Both services' {@code /q/metrics}, as the ecosystem's own tools read them, after a run of every kind a single
 * loadgen runs (http with and without keep-alive and over TLS, udp-throughput, udp-underload, udp-pingpong, iperf):
 * <ul>
 *   <li>the Prometheus text format ({@code Accept: text/plain}) through {@code promtool check metrics}: no finding
 *       for a {@code target_} or {@code loadgen_} family (library meters, Micrometer's JVM and Netty ones, are printed,
 *       not failed: their names are not ours to change);</li>
 *   <li>the OpenMetrics form, what {@code /q/metrics} answers without an {@code Accept}, through the reference
 *       parser (Prometheus' Python client, {@code prometheus_client.openmetrics.parser}, which refuses any deviation
 *       from the format), with every family of ours among what it read.</li>
 * </ul>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExpositionIT {

    /** Debian's python3, where Debian's python3-prometheus-client lives (a pyenv python3 on PATH would not see it). */
    private static final String PYTHON = "/usr/bin/python3";
    private static final String PARSER = String.join("\n",
            "import sys",
            "from prometheus_client.openmetrics.parser import text_string_to_metric_families",
            "for f in text_string_to_metric_families(sys.stdin.read()):",
            "    print(f.name, f.type, len(f.samples))");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private TargetService target;
    private LoadgenService loadgen;
    private Path data;

    @BeforeAll
    void runEveryKind() throws Exception {
        data = Files.createTempDirectory("exposition-");
        target = TargetService.start();
        loadgen = LoadgenService.start(data, List.of("-Dloadgen.limits.allow-insecure-tls=true"));
        String http = "{\"kind\":\"http\",\"target\":\"" + target.testApi() + "\",\"method\":\"POST\",\"body\":\"{\\\"number\\\": 2}\","
                + "\"headers\":{\"Content-Type\":\"application/json\"},\"connections\":2,\"rate\":200,\"duration\":\"1s\"";
        List<String> specs = List.of(
                http + "}",
                http + ",\"keepAlive\":false}",
                http.replace(target.testApi().toString(), target.httpsBase() + "/test/testApi")
                        + ",\"keepAlive\":false,\"timeout\":\"20s\",\"tls\":{\"insecure\":true}}",
                "{\"kind\":\"udp-throughput\",\"target\":\"" + target.udp() + "\",\"messageSize\":64,\"rate\":1000,\"duration\":\"1s\"}",
                "{\"kind\":\"udp-underload\",\"target\":\"" + target.udp() + "\",\"messageSize\":64,\"rate\":1000,\"replyEvery\":10,"
                        + "\"duration\":\"1s\"}",
                "{\"kind\":\"udp-pingpong\",\"target\":\"" + target.udp() + "\",\"messageSize\":64,\"duration\":\"1s\"}",
                "{\"kind\":\"iperf\",\"target\":\"" + target.iperf() + "\",\"protocol\":\"tcp\",\"streams\":1,\"direction\":\"up\","
                        + "\"duration\":\"1s\"}");
        for (String spec : specs) {
            String id = loadgen.started("/runs", spec);
            String state = loadgen.awaitFinished("/runs/" + id).get("state").asText();
            assertEquals("completed", state, spec);
        }
    }

    @AfterAll
    void stop() {
        if (loadgen != null) {
            loadgen.close();
        }
        if (target != null) {
            target.close();
        }
        TempDirs.remove(data);
    }

    @Test
    void promtoolFindsNothingInEitherServicesOwnFamilies() throws Exception {
        Map<String, List<String>> ours = new LinkedHashMap<>();
        for (Map.Entry<String, String> service : services().entrySet()) {
            String exposition = fetch(service.getValue(), "text/plain; version=0.0.4");
            List<String> findings = run(List.of("promtool", "check", "metrics"), exposition, "promtool (Debian package prometheus)");
            assertTrue(findings.stream().noneMatch(f -> f.contains("error while linting")),
                    service.getKey() + ": promtool could not read the exposition: " + findings);
            System.out.println("ExpositionIT: promtool check metrics on " + service.getKey() + ": "
                    + (findings.isEmpty() ? "no findings" : findings.size() + " findings: " + findings));
            ours.put(service.getKey(), findings.stream().filter(f -> f.startsWith("target_") || f.startsWith("loadgen_")).toList());
        }
        ours.forEach((service, findings) -> assertTrue(findings.isEmpty(), service + ": promtool flags our families: " + findings));
    }

    @Test
    void theOpenMetricsFormReadsWithTheReferenceParser() throws Exception {
        for (Map.Entry<String, String> service : services().entrySet()) {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(service.getValue() + "/q/metrics"))
                    .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            String type = r.headers().firstValue("Content-Type").orElse("");
            assertTrue(type.startsWith("application/openmetrics-text"), service.getKey() + " answered " + type);
            List<String> families = run(List.of(PYTHON, "-c", PARSER), r.body(),
                    PYTHON + " with prometheus_client (Debian package python3-prometheus-client)");
            String prefix = service.getKey().startsWith("target") ? "target_" : "loadgen_";
            List<String> oursRead = families.stream().filter(f -> f.startsWith(prefix)).toList();
            System.out.println("ExpositionIT: the OpenMetrics parser read " + families.size() + " families of "
                    + service.getKey() + ", " + oursRead.size() + " of them " + prefix + "*");
            for (String family : ownFamilies(r.body(), prefix)) {
                assertTrue(oursRead.stream().anyMatch(f -> f.startsWith(family + " ")), family + " not read back: " + oursRead);
            }
        }
    }

    private Map<String, String> services() {
        String lg = loadgen.uri("/").toString();
        return Map.of("target-service", target.base(), "loadgen-service", lg.substring(0, lg.length() - 1));
    }

    /** The families the exposition declares with {@code # TYPE}, of ours. */
    private static List<String> ownFamilies(String exposition, String prefix) {
        List<String> out = new ArrayList<>();
        for (String line : exposition.split("\n")) {
            if (line.startsWith("# TYPE " + prefix)) {
                out.add(line.split(" ")[2]);
            }
        }
        assertTrue(!out.isEmpty(), "no " + prefix + " family declared");
        return out;
    }

    private static String fetch(String base, String accept) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/q/metrics")).header("Accept", accept)
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), base);
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"), base + ": not the text format");
        return r.body();
    }

    /** Runs {@code command} with {@code input} on stdin, bounded; its output lines. Fails naming {@code tool} if absent. */
    private static List<String> run(List<String> command, String input, String tool) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new AssertionError(tool + " is required and could not be started: " + e.getMessage(), e);
        }
        try (var in = p.getOutputStream()) {
            in.write(input.getBytes(StandardCharsets.UTF_8));
        }
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command + " did not finish in 60 s");
        }
        String text = new String(out, StandardCharsets.UTF_8);
        // promtool exits 3 with findings (1 when it cannot parse, said in its output); the parser exits non-zero only on
        // a document it refuses
        if (p.exitValue() != 0 && !command.get(0).equals("promtool")) {
            throw new AssertionError(tool + " refused the exposition (exit " + p.exitValue() + "): " + text);
        }
        return Arrays.stream(text.split("\n")).map(String::strip).filter(l -> !l.isEmpty()).toList();
    }
}
