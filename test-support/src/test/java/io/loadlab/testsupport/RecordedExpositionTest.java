package io.loadlab.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordedExpositionTest {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void servesTheNextCaptureOnEachScrapeThenStaysOnTheLast(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("00-x.prom"), "x_total 1\n");
        Path b = Files.writeString(dir.resolve("01-x.prom"), "x_total 2\n");
        try (RecordedExposition server = RecordedExposition.start(List.of(a, b), RecordedExposition.TEXT)) {
            assertEquals(List.of("x_total 1\n", "x_total 2\n", "x_total 2\n"),
                    List.of(get(server, "/metrics").body(), get(server, "/metrics").body(), get(server, "/metrics").body()));
            assertEquals(RecordedExposition.TEXT, get(server, "/metrics").headers().firstValue("Content-Type").orElseThrow());
            assertEquals(404, get(server, "/other").statusCode());
            assertEquals(4, server.served(), "a request elsewhere does not advance the recording");
        }
    }

    /** Reads the shared fixtures beside the repository: more than the JVM. */
    @Test
    @SystemTest
    void findsTheSharedRecordingInOrder() {
        List<Path> files = RecordedExposition.recording("kubelet-1.20.2", "cadvisor");
        assertEquals(9, files.size());
        assertEquals("00-cadvisor.prom", files.get(0).getFileName().toString());
        assertEquals("08-cadvisor.prom", files.get(8).getFileName().toString());
        // the fixture README's cross-check: the target container's CPU seconds from capture 00 to 08
        assertEquals(50.496, RecordedExposition.delta("kubelet-1.20.2", "cadvisor", "container_cpu_usage_seconds_total",
                l -> l.contains("container=\"target-service\"")), 0.001);
    }

    private HttpResponse<String> get(RecordedExposition server, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://" + server.hostPort() + path)).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
