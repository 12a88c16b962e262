package io.loadlab.testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A recorded metrics exposition replayed to a real scraper: a loopback HTTP server that answers {@code GET /metrics}
 * with the next file of a recorded sequence on each request and stays on the last one, so a real Prometheus
 * ingests the recorded counters as a time series, one capture per scrape.
 * <p>
 * Timestamps: cAdvisor writes its own collection time on every sample, hours or days old when the test runs, and
 * a fresh TSDB rejects samples older than its head ("out of bounds"). The scrape job that reads this server sets
 * {@code honor_timestamps: false} ({@link #scrapeJob}) instead of rewriting the files: the files stay byte for
 * byte what the kubelet wrote, and every series of one capture gets the same scrape time, so a rate over them is
 * the recorded counter difference over a distance the test reads back from Prometheus. The recorded spacing (10 s
 * apart, cAdvisor's own 13.5–18.4 s) is lost either way at one capture per 1 s scrape; a test asserts relations
 * between captures, not the recorded clock.
 * <p>
 * Bounded: files are read once at start (a recording is ~1 MB), one server thread, requests other than
 * {@code GET /metrics} get 404; {@link #close()} stops the server within a second.
 */
public final class RecordedExposition implements AutoCloseable {

    /** Prometheus text 0.0.4: cAdvisor, the kubelet and node-exporter. */
    public static final String TEXT = "text/plain; version=0.0.4; charset=utf-8";
    /** OpenMetrics 1.0: Micrometer's {@code /q/metrics} (ends in {@code # EOF}, counters typed without {@code _total}). */
    public static final String OPEN_METRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";

    private final HttpServer server;
    private final ExecutorService thread;
    private final List<byte[]> captures;
    private final String contentType;
    private final AtomicInteger served = new AtomicInteger();

    private RecordedExposition(List<byte[]> captures, String contentType) throws IOException {
        this.captures = captures;
        this.contentType = contentType;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "recorded-exposition");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(thread);
        server.createContext("/", this::answer);
        server.start();
    }

    /** Serves {@code files} in order, one per request, then the last one again; {@code contentType} on each. */
    public static RecordedExposition start(List<Path> files, String contentType) throws IOException {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no files to replay");
        }
        List<byte[]> captures = new ArrayList<>();
        for (Path f : files) {
            captures.add(Files.readAllBytes(f));
        }
        return new RecordedExposition(List.copyOf(captures), contentType);
    }

    /**
     * The files {@code 00-<kind>.prom}, {@code 01-<kind>.prom}, ... of a recording under
     * {@code <repo>/fixtures/<recording>}, in order; fails naming the path when the recording is absent.
     */
    public static List<Path> recording(String recording, String kind) {
        Path dir = fixtures().resolve(recording);
        try (var list = Files.list(dir)) {
            List<Path> files = list.filter(p -> p.getFileName().toString().matches("\\d\\d-" + kind + "\\.prom")).sorted().toList();
            if (files.isEmpty()) {
                throw new AssertionError("no NN-" + kind + ".prom in " + dir);
            }
            return files;
        } catch (IOException e) {
            throw new AssertionError("the recorded expositions are required and were not found at " + dir
                    + " (the recordings live in the repository: <repo>/fixtures)", e);
        }
    }

    /**
     * A counter read from the recording's text, independently of any scraper: its value in the last capture minus the
     * first, summed over the sample lines of {@code name} that {@code lines} picks (a line is the whole sample text).
     */
    public static double delta(String recording, String kind, String name, Predicate<String> lines) {
        List<Path> files = recording(recording, kind);
        return total(files.get(files.size() - 1), name, lines) - total(files.get(0), name, lines);
    }

    private static double total(Path file, String name, Predicate<String> lines) {
        try (var all = Files.lines(file)) {
            List<String> chosen = all.filter(l -> l.startsWith(name + "{") || l.startsWith(name + " ")).filter(lines).toList();
            if (chosen.isEmpty()) {
                throw new AssertionError("no " + name + " in " + file);
            }
            return chosen.stream().mapToDouble(RecordedExposition::value).sum();
        } catch (IOException e) {
            throw new AssertionError("reading " + file, e);
        }
    }

    /** The sample's value: the first field after the labels (cAdvisor's timestamp may follow). */
    private static double value(String line) {
        String rest = line.contains("{") ? line.substring(line.lastIndexOf('}') + 1) : line.substring(line.indexOf(' '));
        return Double.parseDouble(rest.trim().split(" ")[0]);
    }

    /**
     * {@code <repo>/fixtures}: the repository root is the first directory up from here that holds {@code .ci}. The
     * recordings live in the repository (2 MB, copied from the shared fixtures with their README): CI runs a clean clone
     * wherever it likes, where nothing beside the repository can be counted on (the first clean clone failed here).
     */
    public static Path fixtures() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve(".ci"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new AssertionError("no repository root (a directory with .ci) above " + Path.of("").toAbsolutePath());
        }
        return dir.resolve("fixtures");
    }

    /** A Prometheus scrape job for this server at 1 s that keeps Prometheus' own scrape times (see the class comment). */
    public String scrapeJob(String job) {
        return "  - job_name: " + job + "\n"
                + "    scrape_interval: 1s\n"
                + "    scrape_timeout: 1s\n"
                + "    honor_timestamps: false\n"
                + "    static_configs:\n"
                + "      - targets: ['" + hostPort() + "']\n";
    }

    /** {@code 127.0.0.1:port}. */
    public String hostPort() {
        return server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort();
    }

    /** How many scrapes were answered so far; past {@link #captures()} they all got the last capture. */
    public int served() {
        return served.get();
    }

    /** How many captures the recording has. */
    public int captures() {
        return captures.size();
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            exchange.getRequestBody().readNBytes(4096);
            if (!"GET".equals(exchange.getRequestMethod()) || !"/metrics".equals(exchange.getRequestURI().getPath())) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            int index = Math.min(served.getAndIncrement(), captures.size() - 1);
            byte[] body = captures.get(index);
            exchange.getResponseHeaders().set("Content-Type", contentType);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(1);
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
