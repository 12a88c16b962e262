package io.loadlab.loadgen.udp.underload;

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
 * udp-underload runs as the rest of the loadgen sees them: the spec's JSON (throughput's fields plus
 * {@code replyEvery}, sockperf's default 100), sockperf's text and the message meters.
 */
@Singleton
public class UdpUnderLoadKind extends RunKindDefinition<UdpUnderLoadSpec, UdpUnderLoadReport> {

    private final UdpMessageMeters meters;
    private final LimitsConfig limits;

    @Inject
    public UdpUnderLoadKind(UdpMessageMeters meters, LimitsConfig limits) {
        super(UdpUnderLoadSpec.KIND, UdpUnderLoadSpec.class, UdpUnderLoadReport.class);
        this.meters = meters;
        this.limits = limits;
    }

    @Override
    public UdpUnderLoadSpec read(JsonFields f) {
        UdpSpecFields c = UdpSpecFields.read(f, limits, true);
        int replyEvery = f.integer("replyEvery", 100);
        URI metrics = f.uri("targetMetrics");
        return f.build(() -> new UdpUnderLoadSpec(c.target(), c.messageSize(), c.rate(), replyEvery, c.duration(),
                c.warmup(), metrics));
    }

    @Override
    protected Optional<String> text(UdpUnderLoadSpec spec, UdpUnderLoadReport r, String histogram) {
        StringBuilder out = new StringBuilder();
        SockperfTextReport.latency(out, r.durationSeconds(), r.messagesSent(), r.pongsReceived(), r.dropped(),
                r.duplicated(), r.outOfOrder(), r.latencyMicros());
        SockperfTextReport.throughput(out, r.messagesSent(), r.durationSeconds(), r.messagesPerSecond(),
                r.megabytesPerSecond(), r.megabitsPerSecond(), r.messageSize());
        SockperfTextReport.loss(out, r.received(), r.lost(), r.lossPercent(), r.messagesSent() + r.warmupMessagesSent(),
                r.targetMetricsProblem());
        return Optional.of(out.toString());
    }

    @Override
    protected void count(UdpUnderLoadSpec spec, UdpUnderLoadReport r) {
        meters.count(r.messagesSent(), r.pongsReceived(), r.dropped(), r.lost());
    }
}
