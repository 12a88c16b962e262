package io.loadlab.loadgen.http;

import io.loadlab.loadgen.report.LocalPorts;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code loadgen_local_ports{state}}: the loadgen's own ports toward its target at the end of the last keep-alive-off
 * HTTP run ({@link HttpReport#localPorts()}), {@code in_use} (any TCP state) and {@code time_wait}. Set when that
 * run ends and held until the next one, so a dashboard shows the loadgen's side of seed 000's finding beside the
 * target's {@code target_tcp_connections}. Labels: the state only, two values; 0 before the first such run.
 */
@Startup
@ApplicationScoped
public class LocalPortMeters {

    private final AtomicLong inUse = new AtomicLong();
    private final AtomicLong timeWait = new AtomicLong();

    @Inject
    public LocalPortMeters(MeterRegistry registry) {
        gauge(registry, "in_use", inUse);
        gauge(registry, "time_wait", timeWait);
    }

    /** A run's end: its ports, when it counted them (keep-alive off); nothing changes for a run that did not. */
    void count(HttpReport report) {
        LocalPorts ports = report.localPorts();
        if (ports != null) {
            inUse.set(ports.inUse());
            timeWait.set(ports.timeWait());
        }
    }

    private static void gauge(MeterRegistry registry, String state, AtomicLong value) {
        Gauge.builder("loadgen.local.ports", value, AtomicLong::get).tag("state", state)
                .description("The loadgen's ports toward its target at the last keep-alive-off HTTP run's end, in use"
                        + " and in TIME_WAIT").register(registry);
    }
}
