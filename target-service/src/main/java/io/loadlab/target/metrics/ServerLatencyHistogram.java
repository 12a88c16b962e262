package io.loadlab.target.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.time.Duration;

/**
 * Publishes {@code http.server.requests} as a Prometheus histogram ({@code _bucket{le}}), so dashboards
 * can aggregate server-side latency percentiles across instances with {@code histogram_quantile}:
 * client-side percentiles alone cannot tell queueing in the generator from time in the service.
 *
 * <p>Buckets are bounded to 50 µs .. 10 s, what this API can take on a loopback or in-cluster link, to keep
 * the series count per route and status bounded (81 buckets with Micrometer's default spacing).
 */
@Singleton
public class ServerLatencyHistogram {

    static final String METER = "http.server.requests";

    @Produces
    @Singleton
    MeterFilter serverLatencyHistogram() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (!METER.equals(id.getName())) {
                    return config;
                }
                return DistributionStatisticConfig.builder()
                        .percentilesHistogram(true)
                        .minimumExpectedValue((double) Duration.ofNanos(50_000).toNanos())
                        .maximumExpectedValue((double) Duration.ofSeconds(10).toNanos())
                        .build()
                        .merge(config);
            }
        };
    }
}
