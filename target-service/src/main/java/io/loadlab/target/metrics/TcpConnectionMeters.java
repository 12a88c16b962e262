package io.loadlab.target.metrics;

import io.loadlab.common.tcp.TcpState;
import io.loadlab.common.tcp.TcpStateCounts;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.EnumMap;
import java.util.Map;

/**
 * {@code target_tcp_connections{state}}: the kernel's sockets on the HTTP ports (plain and TLS, summed) per TCP state (12 fixed tag values),
 * read from /proc/net/tcp and tcp6 when scraped, once per scrape however many states are read (a snapshot younger
 * than a second is reused). Shows TIME_WAIT piling up under short connections, CLOSE_WAIT from clients that left.
 */
@Startup
@ApplicationScoped
public class TcpConnectionMeters {

    private static final long SNAPSHOT_NANOS = 1_000_000_000L;

    private final ListeningPorts ports;
    private Map<TcpState, Long> snapshot;
    private long snapshotAt;

    public TcpConnectionMeters(MeterRegistry registry, ListeningPorts ports) {
        this.ports = ports;
        for (TcpState state : TcpState.values()) {
            Gauge.builder("target.tcp.connections", this, m -> m.count(state)).tag("state", state.tag())
                    .description("Sockets on the HTTP ports (plain and TLS) by TCP state, from /proc/net/tcp and tcp6").register(registry);
        }
    }

    /** Sockets on the HTTP ports in {@code state} now (or within the last second). */
    public synchronized long count(TcpState state) {
        long now = System.nanoTime();
        if (snapshot == null || now - snapshotAt > SNAPSHOT_NANOS) {
            snapshot = read();
            snapshotAt = now;
        }
        return snapshot.get(state);
    }

    /** Fresh counts, no snapshot: for tests that open connections and look at once. */
    public synchronized Map<TcpState, Long> countsNow() {
        snapshot = read();
        snapshotAt = System.nanoTime();
        return snapshot;
    }

    private Map<TcpState, Long> read() {
        Map<TcpState, Long> counts = new EnumMap<>(TcpStateCounts.read(ports.http()));
        int https = ports.https();
        if (https > 0) {
            TcpStateCounts.read(https).forEach((state, n) -> counts.merge(state, n, Long::sum));
        }
        return counts;
    }
}
