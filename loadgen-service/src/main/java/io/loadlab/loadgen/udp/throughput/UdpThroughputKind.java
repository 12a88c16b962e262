package io.loadlab.loadgen.udp.throughput;

import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.RunKindDefinition;
import io.loadlab.loadgen.udp.SockperfTextReport;
import io.loadlab.loadgen.udp.UdpMessageMeters;
import io.loadlab.loadgen.udp.UdpSpecFields;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.net.URI;
import java.util.Optional;

/**
 * udp-throughput runs as the rest of the loadgen sees them: the spec's JSON (rate or bitrate, and the optional
 * {@code targetMetrics}), sockperf's text and the message meters.
 */
@Singleton
public class UdpThroughputKind extends RunKindDefinition<UdpThroughputSpec, UdpThroughputReport> {

    private final UdpMessageMeters meters;
    private final LimitsConfig limits;

    @Inject
    public UdpThroughputKind(UdpMessageMeters meters, LimitsConfig limits) {
        super(UdpThroughputSpec.KIND, UdpThroughputSpec.class, UdpThroughputReport.class);
        this.meters = meters;
        this.limits = limits;
    }

    @Override
    public UdpThroughputSpec read(JsonFields f) {
        UdpSpecFields c = UdpSpecFields.read(f, limits, true);
        URI metrics = f.uri("targetMetrics");
        return f.build(() -> new UdpThroughputSpec(c.target(), c.messageSize(), c.rate(), c.duration(), c.warmup(),
                metrics));
    }

    @Override
    protected Optional<String> text(UdpThroughputSpec spec, UdpThroughputReport r, String histogram) {
        StringBuilder out = new StringBuilder();
        SockperfTextReport.throughput(out, r.messagesSent(), r.durationSeconds(), r.messagesPerSecond(),
                r.megabytesPerSecond(), r.megabitsPerSecond(), r.messageSize());
        SockperfTextReport.loss(out, r.received(), r.lost(), r.lossPercent(), r.messagesSent() + r.warmupMessagesSent(),
                r.targetMetricsProblem());
        return Optional.of(out.toString());
    }

    @Override
    protected void count(UdpThroughputSpec spec, UdpThroughputReport r) {
        meters.count(r.messagesSent(), 0, 0, r.lost());
    }
}
