package io.loadlab.target.iperf;

import io.loadlab.common.iperf.Protocol;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Locale;

/**
 * The iperf3 server in Prometheus terms, read from {@link IperfCounters} when scraped:
 * {@code target_iperf_bytes_total{protocol,direction}} (direction as the target sees it: received, sent),
 * {@code target_iperf_tests_total{outcome}}, {@code target_iperf_denied_total}. Tags are fixed sets.
 */
@Startup
@ApplicationScoped
public class IperfMeters {

    public IperfMeters(MeterRegistry registry, IperfCounters counters) {
        for (Protocol p : Protocol.values()) {
            FunctionCounter.builder("target.iperf.bytes", counters, c -> c.received(p)).baseUnit("bytes")
                    .tag("protocol", p.key()).tag("direction", "received")
                    .description("Bytes iperf3 streams carried").register(registry);
            FunctionCounter.builder("target.iperf.bytes", counters, c -> c.sent(p)).baseUnit("bytes")
                    .tag("protocol", p.key()).tag("direction", "sent")
                    .description("Bytes iperf3 streams carried").register(registry);
        }
        for (IperfCounters.Outcome o : IperfCounters.Outcome.values()) {
            FunctionCounter.builder("target.iperf.tests", counters, c -> c.tests(o))
                    .tag("outcome", o.name().toLowerCase(Locale.ROOT)).description("iperf3 tests by how they ended")
                    .register(registry);
        }
        FunctionCounter.builder("target.iperf.denied", counters, IperfCounters::denied)
                .description("Clients answered ACCESS_DENIED because a test was running").register(registry);
    }
}
