package io.loadlab.testsupport;

import io.loadlab.common.cores.Cores;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A packaged service started as the manifests start it: {@code LOADLAB_CPU_LIMIT} ({@link Cores#LIMIT_ENV}) from
 * the Downward API, and a cpuset that may be narrower (a {@code taskset} prefix here, the static CPU manager's pools
 * in a cluster); then the {@code cores} tag on its meters and its threads per kind, both services' CoresIT in one.
 */
public final class PackagedCores {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private PackagedCores() {
    }

    /**
     * Starts {@code jar} with the limit under {@code prefix}, waits until ready (60 s) and asserts that every
     * {@code cores} tag reads 1 and that exactly one thread is named each of {@code onePerCore} and a number.
     */
    public static void assertOneOfEach(ServiceJar jar, List<String> prefix, String limit, List<String> jvmArgs,
            String... onePerCore) throws IOException, InterruptedException {
        int port = FreePorts.tcp();
        List<String> args = new ArrayList<>(List.of("-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=" + port));
        args.addAll(jvmArgs);
        List<String> cmd = jar.command(prefix, args);
        try (LocalProcess p = LocalProcess.startInTemp(jar.module() + "-cores", cmd, Map.of(Cores.LIMIT_ENV, limit))) {
            String base = "http://127.0.0.1:" + port;
            p.awaitReady(base + "/q/health/ready", Duration.ofSeconds(60));
            String metrics = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/q/metrics")).timeout(Duration.ofSeconds(5))
                    .build(), HttpResponse.BodyHandlers.ofString()).body();
            String what = String.join(" ", cmd) + " with " + Cores.LIMIT_ENV + "=" + limit;
            Matcher m = Pattern.compile("cores=\"([^\"]*)\"").matcher(metrics);
            List<String> tags = new ArrayList<>();
            while (m.find()) {
                tags.add(m.group(1));
            }
            assertTrue(!tags.isEmpty() && tags.stream().allMatch("1"::equals), what + ": cores tags " + tags.stream().distinct().toList());
            for (String name : onePerCore) {
                assertEquals(1, threads(p.pid(), name), what + ": threads named " + name + "<n>");
            }
        }
    }

    /**
     * Threads named {@code prefix} and a number, as Linux keeps their names (15 characters): the JVM keeps a name's
     * first 15 ({@code vert.x-eventloo}), a native image its last 15 ({@code ntloop-thread-0}).
     */
    public static long threads(long pid, String prefix) throws IOException {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < 1024; i++) {
            String name = prefix + i;
            names.add(name.substring(0, Math.min(15, name.length())));
            names.add(name.substring(Math.max(0, name.length() - 15)));
        }
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.map(t -> {
                try {
                    return Files.readString(t.resolve("comm")).trim();
                } catch (IOException gone) {
                    return "";
                }
            }).filter(names::contains).count();
        }
    }

    /** The first CPU this JVM may run on (Cpus_allowed_list, e.g. "0-1" or "2,4-7"). */
    public static String firstAllowedCpu() throws IOException {
        return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("Cpus_allowed_list:"))
                .map(l -> l.substring(l.indexOf(':') + 1).trim().split("[-,]")[0]).findFirst()
                .orElseThrow(() -> new AssertionError("no Cpus_allowed_list in /proc/self/status"));
    }
}
