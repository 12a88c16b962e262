package io.loadlab.target.metrics;

import io.loadlab.common.tcp.TcpState;
import io.loadlab.common.tcp.TcpStateCounts;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.ConfigProvider;

import java.util.Map;

/**
 * {@code target_tcp_connections{state}}: the kernel's sockets on the HTTP port per TCP state (12 fixed tag values),
 * read from /proc/net/tcp and tcp6 when scraped, once per scrape however many states are read (a snapshot younger
 * than a second is reused). Shows TIME_WAIT piling up under short connections, CLOSE_WAIT from clients that left.
 */
@Startup
@ApplicationScoped
public class TcpConnectionMeters {

    private static final long SNAPSHOT_NANOS = 1_000_000_000L;

    private Map<TcpState, Long> snapshot;
    private long snapshotAt;

    public TcpConnectionMeters(MeterRegistry registry) {
        for (TcpState state : TcpState.values()) {
            Gauge.builder("target.tcp.connections", this, m -> m.count(state)).tag("state", state.tag())
                    .description("Sockets on the HTTP port by TCP state, from /proc/net/tcp and tcp6").register(registry);
        }
    }

    /** Sockets on the HTTP port in {@code state} now (or within the last second). */
    public synchronized long count(TcpState state) {
        long now = System.nanoTime();
        if (snapshot == null || now - snapshotAt > SNAPSHOT_NANOS) {
            snapshot = TcpStateCounts.read(httpPort());
            snapshotAt = now;
        }
        return snapshot.get(state);
    }

    /** Fresh counts, no snapshot: for tests that open connections and look at once. */
    public synchronized Map<TcpState, Long> countsNow() {
        snapshot = TcpStateCounts.read(httpPort());
        snapshotAt = System.nanoTime();
        return snapshot;
    }

    /** The bound HTTP port: Quarkus writes the one it picked for port 0 back to its property once listening. */
    private static int httpPort() {
        String key = LaunchMode.current() == LaunchMode.TEST ? "quarkus.http.test-port" : "quarkus.http.port";
        String value = System.getProperty(key);
        if (value == null) {
            value = ConfigProvider.getConfig().getOptionalValue(key, String.class).orElse("8080");
        }
        return Integer.parseInt(value);
    }
}
