package io.loadlab.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A real node-exporter (Debian package {@code prometheus-node-exporter}, 1.5.0 here) with only the collectors the
 * {@code node} preset reads: cpu, schedstat (absent where the kernel lacks CONFIG_SCHEDSTATS, as on the CI VMs, whose
 * 6.x kernel has no {@code /proc/schedstat}), pressure and netdev. Started behind an optional command prefix
 * ({@link NetnsLink#enter()}: the network devices it reports are the namespace's) on {@code host} and a free port;
 * ready when {@code /metrics} answers. Fails, never skips, when the package is not installed.
 */
public final class NodeExporter implements AutoCloseable {

    static final String COMMAND = "prometheus-node-exporter";

    private final LocalProcess process;
    private final String host;
    private final int port;

    private NodeExporter(LocalProcess process, String host, int port) {
        this.process = process;
        this.host = host;
        this.port = port;
    }

    /** Starts behind {@code prefix} (empty for none) listening on {@code host}; returns once {@code /metrics} answers (20 s). */
    public static NodeExporter start(List<String> prefix, String host, Path work) throws InterruptedException {
        String binary = find();
        int port = FreePorts.tcp();
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(binary, "--web.listen-address=" + host + ":" + port, "--collector.disable-defaults",
                "--collector.cpu", "--collector.schedstat", "--collector.pressure", "--collector.netdev"));
        LocalProcess p = LocalProcess.start("node-exporter", cmd, work);
        NodeExporter exporter = new NodeExporter(p, host, port);
        try {
            p.awaitReady(exporter.base() + "/metrics", Duration.ofSeconds(20));
        } catch (RuntimeException | InterruptedException e) {
            p.close();
            throw e;
        }
        return exporter;
    }

    private static String find() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            if (Files.isExecutable(Path.of(dir, COMMAND))) {
                return Path.of(dir, COMMAND).toString();
            }
        }
        throw new AssertionError(COMMAND + " not found on PATH: these tests need a real node-exporter"
                + " (Debian/Ubuntu package 'prometheus-node-exporter')");
    }

    /** {@code host:port}, as a Prometheus scrape target and its {@code instance} label. */
    public String instance() {
        return host + ":" + port;
    }

    public String base() {
        return "http://" + instance();
    }

    @Override
    public void close() {
        process.close();
    }
}
