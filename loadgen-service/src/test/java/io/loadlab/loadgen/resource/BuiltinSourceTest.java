package io.loadlab.loadgen.resource;

import com.sun.net.httpserver.HttpServer;
import io.loadlab.loadgen.scrape.Scraper;
import io.loadlab.testsupport.FreePorts;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The builtin source against a real HTTP server whose exposition we write, and against a closed port. */
class BuiltinSourceTest {

    private static final Scraper SCRAPER = new Scraper(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build());

    @Test
    void readsEveryTickAndGivesCoresBetweenTheFirstAndLastReading() throws IOException {
        AtomicInteger served = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/q/metrics", ex -> {
            int n = served.getAndIncrement(); // 1.5 s of CPU per reading
            byte[] body = ("process_cpu_time_ns_total{application=\"target-service\"} " + (n * 1.5e9) + "\n"
                    + "target_cpu_quota_cores +Inf\n").getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        try {
            AtomicLong nanos = new AtomicLong();
            BuiltinSource source = new BuiltinSource(URI.create("http://127.0.0.1:" + server.getAddress().getPort()
                    + "/q/metrics"), SCRAPER, Duration.ofSeconds(5), () -> nanos.getAndAdd(1_000_000_000L));
            assertEquals(List.of(), source.check("targets[0].resources", Duration.ofSeconds(1)));
            ResourceWindow w = source.open();
            for (int i = 0; i < 3; i++) {
                w.tick();
            }
            ResourceFigures f = w.close(Instant.EPOCH, Instant.EPOCH.plusSeconds(2));
            assertEquals(3, served.get());
            assertEquals(1.5, f.cpuCores(), 1e-9, "3 s of CPU over 2 s of readings");
            assertNull(f.limitCores());
            assertTrue(!f.unmeasured().containsKey("limit"), "+Inf: no quota, and the source saw so");
            assertEquals(BuiltinSource.NO_NETWORK, f.unmeasured().get("network"));
            assertEquals("builtin", source.describe());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aClosedPortLeavesEveryFigureUnmeasuredWithTheError() {
        URI closed = URI.create("http://127.0.0.1:" + FreePorts.tcp() + "/q/metrics");
        ResourceWindow w = new BuiltinSource(closed, SCRAPER, Duration.ofSeconds(2), System::nanoTime).open();
        w.tick();
        w.tick();
        ResourceFigures f = w.close(Instant.EPOCH, Instant.EPOCH.plusSeconds(1));
        assertNull(f.cpuCores());
        assertTrue(f.unmeasured().get("cpu").startsWith("the target's metrics at " + closed + " did not answer: ConnectException"),
                f.unmeasured().toString());
    }
}
