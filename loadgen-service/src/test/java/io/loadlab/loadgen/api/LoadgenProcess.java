package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The loadgen itself, started from its packaged jar ({@code mvn package}) on a free loopback port with a
 * data dir of the test's choosing, so a test can fill, remount, kill -9 and restart it for real.
 */
final class LoadgenProcess implements AutoCloseable {

    static final String TOKEN = "test-token";
    private static final Path JAR = Path.of("target", "quarkus-app", "quarkus-run.jar");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final int port;
    private final Path log;

    private LoadgenProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** Starts the jar on {@code dataDir} and waits until it is live (not ready: a degraded data dir keeps it unready). */
    static LoadgenProcess start(Path dataDir) throws IOException, InterruptedException {
        if (!Files.isReadable(JAR)) {
            throw new IllegalStateException("loadgen jar not found at " + JAR.toAbsolutePath()
                    + ": build it first (mvn package -pl loadgen-service)");
        }
        int port = freePort();
        Path log = Files.createTempFile("loadgen-service", ".log");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=" + port, "-Dloadgen.api.token=" + TOKEN,
                "-Dloadgen.data-dir=" + dataDir.toAbsolutePath(), "-jar", JAR.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        LoadgenProcess lg = new LoadgenProcess(p, port, log);
        lg.awaitLive();
        return lg;
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    JsonNode json(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = get(path);
        if (r.statusCode() != 200) {
            throw new AssertionError("GET " + path + " answered " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body());
    }

    HttpResponse<String> post(String path, String body) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + TOKEN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Posts and expects 202; the new job's id. */
    String started(String path, String body) throws IOException, InterruptedException {
        HttpResponse<String> r = post(path, body);
        if (r.statusCode() != 202) {
            throw new AssertionError("POST " + path + " answered " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body()).get("id").asText();
    }

    /** Polls {@code path} until its state is no longer running or queued, within 60 s. */
    JsonNode awaitFinished(String path) throws IOException, InterruptedException {
        for (int i = 0; i < 600; i++) {
            JsonNode x = json(path);
            String state = x.get("state").asText();
            if (!"running".equals(state) && !"queued".equals(state)) {
                return x;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError(path + " still active after 60 s");
    }

    String log() throws IOException {
        return Files.readString(log);
    }

    /** SIGKILL, no shutdown hook: what a crash or the OOM killer does. */
    void kill9() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private void awaitLive() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("loadgen exited with " + process.exitValue() + ": " + log());
            }
            try {
                if (get("/q/health/live").statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        close();
        throw new IllegalStateException("loadgen not live after 60 s: " + log());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** SIGTERM and wait: a normal stop, shutdown hooks included. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
