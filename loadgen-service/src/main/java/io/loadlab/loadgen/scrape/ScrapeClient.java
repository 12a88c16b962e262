package io.loadlab.loadgen.scrape;

import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one {@link HttpClient} of the service, built at run time (never in a static field: GraalVM initialises it at
 * image run time) and shared, since each client owns a selector thread, a pool and descriptors until it is
 * collected. Its executor is ours so the pool ends with the application.
 */
@Singleton
public class ScrapeClient {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

    private final ExecutorService executor = Executors.newCachedThreadPool(daemonThreads());

    @Produces
    @Singleton
    HttpClient http() {
        return HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).executor(executor).build();
    }

    void close(@Disposes HttpClient client) {
        executor.shutdownNow();
    }

    private static java.util.concurrent.ThreadFactory daemonThreads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "loadgen-scrape-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
