package io.loadlab.loadgen.iperf;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * iperf runs' bytes per direction, as their receivers counted them, added from each report when the run ends;
 * labels are the two directions and nothing per run. Registered at startup, so each reads 0 before the first run.
 */
@Startup
@ApplicationScoped
public class IperfMeters {

    private final Counter up;
    private final Counter down;

    @Inject
    public IperfMeters(MeterRegistry registry) {
        up = Counter.builder("loadgen.iperf.received").baseUnit("bytes").tag("direction", "up")
                .description("Bytes the receiver counted in iperf runs' measured parts, added when each run ends").register(registry);
        down = Counter.builder("loadgen.iperf.received").baseUnit("bytes").tag("direction", "down")
                .description("Bytes the receiver counted in iperf runs' measured parts, added when each run ends").register(registry);
    }

    void count(IperfReport report) {
        for (DirectionReport d : report.directions()) {
            (d.direction().equals("up") ? up : down).increment(d.sum().receivedBytes());
        }
    }
}
