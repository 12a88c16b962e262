package io.loadlab.loadgen.udp.pingpong;

import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.RunKindDefinition;
import io.loadlab.loadgen.udp.SockperfTextReport;
import io.loadlab.loadgen.udp.UdpMessageMeters;
import io.loadlab.loadgen.udp.UdpSpecFields;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.Optional;

/**
 * udp-pingpong runs as the rest of the loadgen sees them: the spec's JSON (a rate caps how often a ping leaves;
 * there is no bitrate), sockperf's text and the message meters.
 */
@Singleton
public class UdpPingPongKind extends RunKindDefinition<UdpPingPongSpec, UdpPingPongReport> {

    private final UdpMessageMeters meters;
    private final LimitsConfig limits;

    @Inject
    public UdpPingPongKind(UdpMessageMeters meters, LimitsConfig limits) {
        super(UdpPingPongSpec.KIND, UdpPingPongSpec.class, UdpPingPongReport.class);
        this.meters = meters;
        this.limits = limits;
    }

    @Override
    public UdpPingPongSpec read(JsonFields f) {
        UdpSpecFields c = UdpSpecFields.read(f, limits, false);
        return f.build(() -> new UdpPingPongSpec(c.target(), c.messageSize(), c.rate(), c.duration(), c.warmup()));
    }

    @Override
    protected Optional<String> text(UdpPingPongSpec spec, UdpPingPongReport r, String histogram) {
        StringBuilder out = new StringBuilder();
        SockperfTextReport.latency(out, r.durationSeconds(), r.messagesSent(), r.pongsReceived(), r.dropped(),
                r.duplicated(), r.outOfOrder(), r.latencyMicros());
        return Optional.of(out.toString());
    }

    @Override
    protected void count(UdpPingPongSpec spec, UdpPingPongReport r) {
        meters.count(r.messagesSent(), r.pongsReceived(), r.dropped(), null);
    }
}
