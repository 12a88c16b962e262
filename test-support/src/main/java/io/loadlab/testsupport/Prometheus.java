package io.loadlab.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Prometheus (Debian package {@code prometheus}) on a free loopback port with the test's configuration,
 * its data under the test's work dir; and {@code promtool check config}.
 */
public final class Prometheus implements AutoCloseable {

    private final LocalProcess process;
    private final int port;

    private Prometheus(LocalProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts on {@code config}, data in {@code work/tsdb}; returns once {@code /-/ready} answers (20 s). */
    public static Prometheus start(Path config, Path work) throws InterruptedException {
        return start(config, work, FreePorts.tcp());
    }

    /** As {@link #start(Path, Path)} on a port chosen first: a configuration that scrapes Prometheus itself names it. */
    public static Prometheus start(Path config, Path work, int port) throws InterruptedException {
        return start(config, work, port, List.of());
    }

    /**
     * As {@link #start(Path, Path, int)} with more command-line flags, e.g. {@code --enable-feature=native-histograms}
     * (a scraper that asks for protobuf first). Two at once need two work dirs: each keeps its data in {@code tsdb}.
     */
    public static Prometheus start(Path config, Path work, int port, List<String> flags) throws InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("prometheus", "--config.file=" + config,
                "--storage.tsdb.path=" + work.resolve("tsdb"), "--web.listen-address=127.0.0.1:" + port,
                "--log.level=warn"));
        command.addAll(flags);
        LocalProcess p = LocalProcess.start("prometheus", command, work);
        Prometheus prometheus = new Prometheus(p, port);
        try {
            p.awaitReady(prometheus.base() + "/-/ready", Duration.ofSeconds(20));
        } catch (RuntimeException | InterruptedException e) {
            p.close();
            throw e;
        }
        return prometheus;
    }

    /** {@code promtool check config}: null when the file passes, else promtool's output. */
    public static String check(Path config) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder("promtool", "check", "config", config.toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new AssertionError("promtool is required to check the Prometheus configuration and was not found on PATH"
                    + " (Debian/Ubuntu package 'prometheus'): " + e.getMessage(), e);
        }
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                throw new AssertionError("promtool did not finish within 60 s");
            }
            return p.exitValue() == 0 ? null : out;
        } finally {
            p.destroyForcibly();
        }
    }

    /** {@code http://127.0.0.1:port}, for its HTTP API. */
    public String base() {
        return "http://127.0.0.1:" + port;
    }

    /** The last lines of its log, for a failure message. */
    public String logTail() {
        return process.logTail();
    }

    @Override
    public void close() {
        process.close();
    }
}
