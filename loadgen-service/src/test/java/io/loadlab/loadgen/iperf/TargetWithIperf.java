package io.loadlab.loadgen.iperf;

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

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The real target service from its packaged jar, its HTTP and iperf3 ports free loopback ports, for the engine's
 * tests; its {@code target_iperf_bytes_total} read from /q/metrics. The reactor builds target-service first.
 */
final class TargetWithIperf implements AutoCloseable {

    private static final Path JAR = Path.of("..", "target-service", "target", "quarkus-app", "quarkus-run.jar");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final Process process;
    private final int httpPort;
    private final int iperfPort;

    private TargetWithIperf(Process process, int httpPort, int iperfPort) {
        this.process = process;
        this.httpPort = httpPort;
        this.iperfPort = iperfPort;
    }

    static TargetWithIperf start() throws IOException, InterruptedException {
        if (!Files.isReadable(JAR)) {
            fail("target-service jar not found at " + JAR.toAbsolutePath() + ": build it first (mvn package -pl target-service -am)");
        }
        int http = freePort();
        int iperf = freePort();
        Path log = Files.createTempFile("target-iperf", ".log");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=" + http, "-Dtarget.udp.port=0",
                "-Dtarget.udp.host=127.0.0.1", "-Dtarget.iperf.host=127.0.0.1", "-Dtarget.iperf.port=" + iperf,
                "-jar", JAR.toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        TargetWithIperf target = new TargetWithIperf(p, http, iperf);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                fail("target-service exited: " + Files.readString(log));
            }
            try {
                if (target.get("/q/health/ready").contains("UP") && Files.readString(log).contains("iperf3 server on")) {
                    return target;
                }
            } catch (IOException notYet) {
                // still starting
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        target.close();
        return fail("target-service not ready after 60 s: " + Files.readString(log));
    }

    int iperfPort() {
        return iperfPort;
    }

    /** {@code target_iperf_bytes_total{protocol,direction}} now. */
    long bytes(String protocol, String direction) throws IOException, InterruptedException {
        Matcher m = Pattern.compile("^target_iperf_bytes_total\\{([^}]*)} (\\S+)$", Pattern.MULTILINE).matcher(get("/q/metrics"));
        while (m.find()) {
            if (m.group(1).contains("protocol=\"" + protocol + "\"") && m.group(1).contains("direction=\"" + direction + "\"")) {
                return (long) Double.parseDouble(m.group(2));
            }
        }
        return fail("no target_iperf_bytes_total{protocol=" + protocol + ",direction=" + direction + "}");
    }

    private String get(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + path))
                .timeout(Duration.ofSeconds(5)).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
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
