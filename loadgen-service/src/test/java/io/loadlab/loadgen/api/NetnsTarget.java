package io.loadlab.loadgen.api;

import io.loadlab.testsupport.NetnsLink;
import io.loadlab.testsupport.ServiceJar;

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
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The target service alone in a network namespace, behind a rate-limited link, pinned to one core:
 * <pre>
 *   root namespace (this JVM, the loadgen)        namespace lgexp-t (the target)
 *   lgexp-r 10.200.7.1/30  &lt;-- veth pair --&gt;  lgexp-t 10.200.7.2/30, egress tbf RATE
 * </pre>
 * Only the answers (target to loadgen) are shaped: that is the direction bandwidth limits in the reference.
 * Both targets run in a cpu cgroup of their own ({@link #cgroup()}, {@value #CGROUP}), promised their core by default
 * ({@link CpuCgroup#PROMISED} shares) so busy neighbours cannot take it unless a test says so, and enter the namespace
 * with {@code nsenter --net} alone: {@code ip netns exec} remounts /sys, which would hide their cgroup files and with
 * them the throttling they export. Leftovers of an earlier, killed run are removed first; {@link #close()} removes
 * everything. Creating namespaces and cgroups needs root; without it the constructor fails with a message saying so.
 * The topology itself is test-support's {@link NetnsLink}, the one bench/experiment-netns.sh runs too.
 */
final class NetnsTarget implements AutoCloseable {

    static final String NS = "lgexp-t";
    static final String HOST_IF = "lgexp-r";
    static final String NS_IF = "lgexp-t";
    static final String HOST_ADDR = "10.200.7.1";
    static final String NS_ADDR = "10.200.7.2";
    static final int PORT = 18080;

    /** Interpreted twin on the same core, for the cpu-bound proof (see {@link #interpretedBase()}). */
    static final int INTERPRETED_PORT = PORT + 10;
    static final String CGROUP = "lgexp-t";

    private NetnsLink link;
    private Process target;
    private Process interpreted;
    private CpuCgroup cgroup;

    NetnsTarget(String rate, int core) throws IOException, InterruptedException {
        link = NetnsLink.up(NS, HOST_IF, NS_IF, HOST_ADDR, NS_ADDR, rate);
        try {
            cgroup = new CpuCgroup(CGROUP).shares(CpuCgroup.PROMISED);
            start(core);
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    private void start(int core) throws IOException, InterruptedException {
        target = launch(core, PORT);
        // -Xint: on one 2-core box the loadgen and the target share the kernel's network work, so a JIT-compiled
        // target answers about as cheaply as the loadgen asks and neither can fill the other's core. An
        // interpreted target costs ~20x more per request: its core is then the limit, as when the loadgen has a
        // machine of its own, which is what the cpu-bound verdict is proven against.
        interpreted = launch(core, INTERPRETED_PORT, "-Xint");
        awaitReady(target, base());
        awaitReady(interpreted, interpretedBase());
    }

    private Process launch(int core, int port, String... jvmFlags) throws IOException {
        Path log = Files.createTempFile("target-netns-" + port, ".log");
        log.toFile().deleteOnExit(); // read while the test runs (a failed start quotes it); gone with the test JVM
        // Joins the cgroup before it execs the JVM: the target finds its cgroup once, at startup.
        List<String> prefix = new ArrayList<>(List.of("sh", "-c", "echo $$ > \"$0\" && exec \"$@\"", cgroup.procs().toString()));
        prefix.addAll(link.enter());
        prefix.addAll(List.of("taskset", "-c", Integer.toString(core)));
        List<String> args = new ArrayList<>(List.of(jvmFlags));
        // two targets share the namespace: each its own UDP and HTTPS port (8443 for both, the second exited at start)
        args.addAll(List.of("-Dquarkus.http.host=" + NS_ADDR, "-Dquarkus.http.port=" + port, "-Dtarget.udp.port=" + (port + 1),
                "-Dtarget.https.port=" + (port + 2)));
        List<String> cmd = ServiceJar.TARGET.command(prefix, args);
        // sh, nsenter and taskset all exec: the process started is the JVM itself, so destroy() ends it.
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static void awaitReady(Process p, String base) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new IllegalStateException("target " + base + " exited: " + new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            }
            try {
                HttpRequest r = HttpRequest.newBuilder(URI.create(base + "/q/health/ready")).timeout(Duration.ofSeconds(1)).build();
                if (http.send(r, HttpResponse.BodyHandlers.ofString()).body().contains("UP")) {
                    return;
                }
            } catch (IOException notYet) {
                // starting
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new IllegalStateException("target " + base + " in " + NS + " not ready after 60 s");
    }

    /** Sets the link's rate ({@code 100mbit}); null removes the limit (a tbf at 10 Gbit/s with a small burst throttles). */
    void rate(String rate) throws IOException, InterruptedException {
        link.rate(rate);
    }

    /** The namespace's {@code nsenter} prefix, for a peer started beside the targets. */
    List<String> enter() {
        return link.enter();
    }

    String base() {
        return "http://" + NS_ADDR + ":" + PORT;
    }

    /** The same target service, interpreted (-Xint), on the same core and link. */
    String interpretedBase() {
        return "http://" + NS_ADDR + ":" + INTERPRETED_PORT;
    }

    long pid() {
        return target.pid();
    }

    /** The cpu cgroup both targets run in. */
    CpuCgroup cgroup() {
        return cgroup;
    }

    @Override
    public void close() {
        stop(target);
        stop(interpreted);
        if (cgroup != null) {
            cgroup.close();
        }
        if (link != null) {
            link.close();
        }
    }

    private static void stop(Process p) {
        if (p == null) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
        }
    }

    /** Removes a namespace and veth left by an earlier, killed run; never fails. */
    static void cleanup() {
        NetnsLink.down(NS, HOST_IF);
    }

    private static void must(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out.trim());
        }
    }

    /** Sets the CPU affinity of every thread of {@code pid}; threads started later inherit it. */
    static void pin(long pid, String cpus) throws IOException, InterruptedException {
        must("taskset", "-a", "-p", "-c", cpus, Long.toString(pid));
    }

    static List<String> busyLoop(int core, int seconds) {
        List<String> cmd = new ArrayList<>(List.of("taskset", "-c", Integer.toString(core), "timeout", Integer.toString(seconds),
                "sh", "-c", "while :; do :; done"));
        return cmd;
    }
}
