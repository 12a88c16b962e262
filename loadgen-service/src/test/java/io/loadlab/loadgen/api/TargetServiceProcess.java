package io.loadlab.loadgen.api;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real target service, started from its packaged jar on free loopback ports. The reactor builds
 * target-service before this module, so {@code mvn verify} from the root always has the jar.
 */
final class TargetServiceProcess implements AutoCloseable {

    private static final Path JAR = Path.of("..", "target-service", "target", "quarkus-app", "quarkus-run.jar");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final Process process;
    private final int port;
    private final int udpPort;

    private TargetServiceProcess(Process process, int port, int udpPort) {
        this.udpPort = udpPort;
        this.process = process;
        this.port = port;
    }

    static TargetServiceProcess start() throws IOException, InterruptedException {
        if (!Files.isReadable(JAR)) {
            throw new IllegalStateException("target-service jar not found at " + JAR.toAbsolutePath()
                    + ": build it first (mvn package -pl target-service, or mvn verify from the root)");
        }
        int port = freePort();
        int udpPort = freePort();
        Path log = Files.createTempFile("target-service", ".log");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=" + port,
                "-Dtarget.udp.port=" + udpPort, "-jar", JAR.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        TargetServiceProcess target = new TargetServiceProcess(p, port, udpPort);
        target.awaitReady(log);
        return target;
    }

    /** The reflector's address, {@code udp://127.0.0.1:port}. */
    URI udp() {
        return URI.create("udp://127.0.0.1:" + udpPort);
    }

    URI testApi() {
        return URI.create("http://127.0.0.1:" + port + "/test/testApi");
    }

    long pid() {
        return process.pid();
    }

    /** The target's own count of answered POSTs to /test/testApi with {@code status}, from its /q/metrics. */
    long served(int status) throws IOException, InterruptedException {
        String text = get("/q/metrics");
        Matcher m = Pattern.compile("^http_server_requests_seconds_count\\{([^}]*)} (\\S+)$", Pattern.MULTILINE)
                .matcher(text);
        long total = 0;
        while (m.find()) {
            String labels = m.group(1);
            if (labels.contains("uri=\"/test/testApi\"") && labels.contains("method=\"POST\"")
                    && labels.contains("status=\"" + status + "\"")) {
                total += (long) Double.parseDouble(m.group(2));
            }
        }
        return total;
    }

    /** Sends SIGSTOP or SIGCONT: a server that stops answering for a while, for real. */
    void signal(String name) throws IOException, InterruptedException {
        int rc = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start().waitFor();
        if (rc != 0) {
            throw new IllegalStateException("kill -" + name + " failed with " + rc);
        }
    }

    private String get(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(5)).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
    }

    private void awaitReady(Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("target-service exited: " + Files.readString(log));
            }
            try {
                if (get("/q/health/ready").contains("UP")) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        close();
        throw new IllegalStateException("target-service not ready after 60 s: " + Files.readString(log));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
