package io.loadlab.loadgen.udp.pingpong;

import io.loadlab.loadgen.run.GateFigures;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.udp.SockperfTextReport;
import io.loadlab.loadgen.udp.UdpKind;
import io.loadlab.loadgen.udp.UdpMessageMeters;
import io.loadlab.loadgen.udp.UdpSpecFields;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * udp-pingpong runs as the rest of the loadgen sees them: the spec's JSON (a rate caps how often a ping leaves;
 * there is no bitrate), sockperf's text and the message meters.
 */
@Singleton
public class UdpPingPongKind extends UdpKind<UdpPingPongSpec, UdpPingPongReport> {

    @Inject
    public UdpPingPongKind(UdpMessageMeters meters, LimitsConfig limits) {
        super(UdpPingPongSpec.KIND, UdpPingPongSpec.class, UdpPingPongReport.class,
                UdpPingPongReport::of, meters, limits);
    }

    @Override
    public UdpPingPongSpec read(JsonFields f) {
        UdpSpecFields c = fields(f, false);
        return f.build(() -> new UdpPingPongSpec(c.target(), c.messageSize(), c.rate(), c.duration(), c.warmup()));
    }

    @Override
    protected UdpPingPongSpec part(UdpPingPongSpec s, double rate) {
        return new UdpPingPongSpec(s.target(), s.messageSize(), rate, s.duration(), s.warmup());
    }

    @Override
    protected Optional<String> text(UdpPingPongSpec spec, UdpPingPongReport r, String histogram) {
        StringBuilder out = new StringBuilder();
        SockperfTextReport.latency(out, r);
        return Optional.of(out.toString());
    }

    @Override
    protected void count(UdpPingPongSpec spec, UdpPingPongReport r) {
        meters().count(r.messagesSent(), r.pongsReceived(), r.dropped(), null);
    }

    private static final Set<String> GATE = union(MESSAGES, LATENCY);

    @Override
    public Set<String> gateFigureNames() {
        return GATE;
    }

    @Override
    protected Map<String, Double> gateFigures(UdpPingPongSpec spec, UdpPingPongReport r) {
        GateFigures f = new GateFigures().put("messages", r.messagesSent()).put("messagesPerSecond", r.messagesPerSecond())
                .put("errors", r.errors());
        latency(f, r.latencyMicros(), r.rttMicros(), r.dropped());
        return f.map();
    }
}
