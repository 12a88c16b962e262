package io.loadlab.loadgen.cores;

import io.loadlab.common.cores.Cores;
import org.junit.jupiter.api.Test;

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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The packaged loadgen, started as the manifests start it: {@code LOADLAB_CPU_LIMIT} from the Downward API
 * (with no CPU limit, the node's allocatable), and a cpuset that may be narrower (taskset here, the static CPU
 * manager's shared pool in a cluster). Its event loops and {@code cores} tag both follow {@link Cores}.
 */
class CoresIT {

    private static final Path JAR = Path.of("target", "quarkus-app", "quarkus-run.jar");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void aLimitBelowTheCpusCapsLoopsAndTag() throws Exception {
        assertTrue(Runtime.getRuntime().availableProcessors() >= 2,
                "this test needs at least 2 CPUs to show a limit of 1 capping them; it has " + Runtime.getRuntime().availableProcessors());
        assertStartsWithOneLoop(List.of(), "1");
    }

    /** The loadgen: a limit (the node's allocatable) above the cpuset it may run on. */
    @Test
    void aLimitAboveTheCpusetNeverRaisesThem() throws Exception {
        assertStartsWithOneLoop(List.of("taskset", "-c", firstAllowedCpu()), "64");
    }

    private static void assertStartsWithOneLoop(List<String> prefix, String limit) throws Exception {
        int port = freePort();
        Path data = Files.createTempDirectory("loadgen-cores");
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=" + port,
                "-Dloadgen.api.insecure=true", "-Dloadgen.data-dir=" + data,
                "-jar", JAR.toString()));
        assertTrue(Files.isReadable(JAR), "no packaged loadgen at " + JAR.toAbsolutePath() + ": run mvn verify");
        Path log = Files.createTempFile("loadgen-cores", ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put(Cores.LIMIT_ENV, limit);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new AssertionError(cmd.get(0) + " could not be started" + (prefix.isEmpty() ? "" : " (taskset, package util-linux)") + ": " + e);
        }
        try {
            String metrics = awaitMetrics(p, port, log);
            String what = String.join(" ", cmd) + " with " + Cores.LIMIT_ENV + "=" + limit;
            Matcher m = Pattern.compile("cores=\"([^\"]*)\"").matcher(metrics);
            List<String> tags = new ArrayList<>();
            while (m.find()) {
                tags.add(m.group(1));
            }
            assertTrue(!tags.isEmpty() && tags.stream().allMatch("1"::equals), what + ": cores tags " + tags.stream().distinct().toList());
            assertEquals(1, threads(p.pid(), "vert.x-eventloo"), what + ": event loop threads");
        } finally {
            p.destroy();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
            Files.deleteIfExists(log);
            try (Stream<Path> files = Files.walk(data)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    /** Threads whose name (as Linux keeps it, the first 15 characters) starts with {@code prefix}. */
    private static long threads(long pid, String prefix) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.map(t -> {
                try {
                    return Files.readString(t.resolve("comm")).trim();
                } catch (IOException gone) {
                    return "";
                }
            }).filter(n -> n.startsWith(prefix)).count();
        }
    }

    private static String awaitMetrics(Process p, int port, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                fail("the loadgen exited: " + Files.readString(log));
            }
            try {
                if (get(port, "/q/health/ready").contains("UP")) {
                    return get(port, "/q/metrics");
                }
            } catch (IOException notYet) {
                // still starting
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        return fail("the loadgen was not ready after 60 s: " + Files.readString(log));
    }

    private static String get(int port, String path) throws IOException, InterruptedException {
        HttpRequest r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(5)).build();
        return HTTP.send(r, HttpResponse.BodyHandlers.ofString()).body();
    }

    /** The first CPU this JVM may run on (Cpus_allowed_list, e.g. "0-1" or "2,4-7"). */
    private static String firstAllowedCpu() throws IOException {
        return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("Cpus_allowed_list:"))
                .map(l -> l.substring(l.indexOf(':') + 1).trim().split("[-,]")[0]).findFirst()
                .orElseThrow(() -> new AssertionError("no Cpus_allowed_list in /proc/self/status"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
