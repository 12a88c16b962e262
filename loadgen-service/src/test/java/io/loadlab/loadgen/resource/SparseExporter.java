package io.loadlab.loadgen.resource;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An exporter that stamps its own samples and refreshes them only every {@code every}, as cAdvisor does (13.5–18.4 s
 * on the recorded kubelet 1.20.2 under a 10 s scrape): {@code process_cpu_seconds_total} with the current time
 * floored to a multiple of {@code every} as its timestamp, and a value that grows with it. Scraped every second
 * with {@code honor_timestamps: true}, a real Prometheus stores one sample per {@code every} (a repeated timestamp
 * with the same value stores nothing). The time is the wall clock: a TSDB rejects samples far from its own.
 */
final class SparseExporter implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "sparse-exporter");
        t.setDaemon(true);
        return t;
    });
    private final long everyMillis;

    SparseExporter(Duration every) throws IOException {
        this.everyMillis = every.toMillis();
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.setExecutor(thread);
        server.createContext("/metrics", this::answer);
        server.start();
    }

    String hostPort() {
        return "127.0.0.1:" + server.getAddress().getPort();
    }

    private void answer(HttpExchange x) throws IOException {
        long stamp = System.currentTimeMillis() / everyMillis * everyMillis;
        byte[] body = ("# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total " + stamp / 2000.0 + " " + stamp + "\n")
                .getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
        x.sendResponseHeaders(200, body.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        thread.shutdownNow();
    }
}
