package io.loadlab.target.api;

import io.loadlab.testsupport.SystemTest;
import io.loadlab.testsupport.TargetService;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 42, case 1: HTTP/2 request bodies that never end, against the packaged target at {@code -Xmx256m}. 20 TLS
 * connections × 256 streams, each a POST declaring and sending 60 KiB with no END_STREAM, kept alive by a PING a
 * second. Before the bounds: 16.6 MB of heap per connection, OutOfMemoryError, the acceptor thread dead, the plain
 * port and {@code /q/health/live} silent for good. Now the plain port answers throughout and after, every hostile
 * connection is closed by the server whatever its PINGs say, and the HTTPS port still takes a new connection.
 */
@SystemTest
class HeldBodiesIT {

    private static final int CONNECTIONS = 20;
    private static final int STREAMS = 256;
    private static final int BODY = 60 * 1024;
    /** Bounds of the whole attack, far above what it needs (sending took 6 s on 2 busy cores; the server closes by 10 s). */
    private static final long ATTACK_SECONDS = 45;

    @Test
    void heldBodiesNeitherExhaustTheHeapNorSilenceThePlainPort() throws Exception {
        try (TargetService target = TargetService.startWith(List.of("-Xmx256m"))) {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            AtomicBoolean stop = new AtomicBoolean();
            AtomicInteger closedByServer = new AtomicInteger();
            AtomicInteger opened = new AtomicInteger();
            AtomicLong maxRss = new AtomicLong();
            ExecutorService pool = Executors.newFixedThreadPool(CONNECTIONS + 1);
            List<Future<?>> attackers = new ArrayList<>();
            for (int c = 0; c < CONNECTIONS; c++) {
                attackers.add(pool.submit(() -> hold(target.httpsPort(), stop, opened, closedByServer)));
            }
            int probes = 0;
            int answered = 0;
            List<String> failures = new ArrayList<>();
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(ATTACK_SECONDS);
            while (System.nanoTime() < end && closedByServer.get() < CONNECTIONS) {
                maxRss.accumulateAndGet(target.rssBytes(), Math::max);
                probes++;
                String failure = probe(http, target);
                if (failure == null) {
                    answered++;
                } else {
                    failures.add(failure);
                }
                Thread.sleep(1000);
            }
            stop.set(true);
            pool.shutdown();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS), "the hostile clients did not stop");
            String figures = "connections opened " + opened + " of " + CONNECTIONS + ", closed by the server " + closedByServer
                    + "; plain-port probes during the attack " + answered + " of " + probes + " answered " + failures
                    + "; largest RSS " + maxRss.get() / (1024 * 1024) + " MiB";
            System.out.println(figures);
            String after = probe(http, target);
            assertEquals(null, after, "after the attack: " + figures);
            assertTrue(target.log().lines().noneMatch(l -> l.contains("OutOfMemoryError")), target.log());
            try (RawH2 fresh = RawH2.tls(target.httpsPort())) {
                fresh.post(1, AnswerRoutes.PATH, -1, false);
                fresh.data(1, "{\"number\":1}".getBytes(java.nio.charset.StandardCharsets.UTF_8), true);
                long wait = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (fresh.headersReceived() == 0 && System.nanoTime() < wait) {
                    Thread.sleep(20);
                }
                assertEquals(1, fresh.headersReceived(), "a new h2 connection after the attack got no answer: " + figures);
            }
            assertEquals(probes, answered, figures);
            assertEquals(CONNECTIONS, opened.get(), figures);
            assertEquals(CONNECTIONS, closedByServer.get(), "PINGs kept bodies that never end open: " + figures);
        }
    }

    /** One hostile connection: every stream opened with 60 KiB of a body that never ends, then PINGs until stopped. */
    private static Void hold(int port, AtomicBoolean stop, AtomicInteger opened, AtomicInteger closedByServer) throws Exception {
        byte[] body = new byte[BODY];
        java.util.Arrays.fill(body, (byte) ' ');
        try (RawH2 h2 = RawH2.tls(port)) {
            opened.incrementAndGet();
            try {
                for (int i = 0; i < STREAMS && !stop.get() && !h2.closedByServer(); i++) {
                    int stream = 2 * i + 1;
                    h2.post(stream, AnswerRoutes.PATH, BODY, false);
                    h2.data(stream, body, false);
                }
                while (!stop.get() && !h2.closedByServer()) {
                    h2.ping();
                    Thread.sleep(1000);
                }
            } catch (java.io.IOException e) {
                // the server closed it under us: counted below
            }
            if (h2.awaitClosedByServer(stop.get() ? 0 : 1000)) {
                closedByServer.incrementAndGet();
            }
        }
        return null;
    }

    /** Null when the plain port answered both its liveness probe (UP) and a POST; else what failed. */
    private static String probe(HttpClient http, TargetService target) {
        try {
            HttpResponse<String> live = http.send(HttpRequest.newBuilder(URI.create(target.base() + "/q/health/live"))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            if (live.statusCode() != 200 || !live.body().contains("UP")) {
                return "live " + live.statusCode() + " " + live.body();
            }
            HttpResponse<String> post = http.send(HttpRequest.newBuilder(target.testApi()).timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"number\":1}"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            return post.statusCode() == 200 ? null : "POST " + post.statusCode();
        } catch (Exception e) {
            return e.toString();
        }
    }
}
