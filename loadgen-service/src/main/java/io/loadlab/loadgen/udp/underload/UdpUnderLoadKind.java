package io.loadlab.loadgen.udp.underload;

import io.loadlab.loadgen.run.GateFigures;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.udp.SockperfTextReport;
import io.loadlab.loadgen.udp.UdpKind;
import io.loadlab.loadgen.udp.UdpMessageMeters;
import io.loadlab.loadgen.udp.UdpSpecFields;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * udp-underload runs as the rest of the loadgen sees them: the spec's JSON (throughput's fields plus
 * {@code replyEvery}, sockperf's default 100), sockperf's text (latency, then throughput) and the message meters.
 */
@Singleton
public class UdpUnderLoadKind extends UdpKind<UdpUnderLoadSpec, UdpUnderLoadReport> {

    @Inject
    public UdpUnderLoadKind(UdpMessageMeters meters, LimitsConfig limits) {
        super(UdpUnderLoadSpec.KIND, UdpUnderLoadSpec.class, UdpUnderLoadReport.class,
                UdpUnderLoadReport::of, meters, limits);
    }

    @Override
    public UdpUnderLoadSpec read(JsonFields f) {
        UdpSpecFields c = fields(f, true);
        int replyEvery = f.integer("replyEvery", 100);
        URI metrics = f.uri("targetMetrics");
        return f.build(() -> new UdpUnderLoadSpec(c.target(), c.messageSize(), c.rate(), replyEvery, c.duration(),
                c.warmup(), metrics));
    }

    @Override
    protected UdpUnderLoadSpec part(UdpUnderLoadSpec s, double rate) {
        return new UdpUnderLoadSpec(s.target(), s.messageSize(), rate, s.replyEvery(), s.duration(), s.warmup(), null);
    }

    @Override
    protected Optional<String> text(UdpUnderLoadSpec spec, UdpUnderLoadReport r, String histogram) {
        StringBuilder out = new StringBuilder();
        SockperfTextReport.latency(out, r);
        SockperfTextReport.throughput(out, r);
        return Optional.of(out.toString());
    }

    @Override
    protected void count(UdpUnderLoadSpec spec, UdpUnderLoadReport r) {
        meters().count(r.messagesSent(), r.pongsReceived(), r.dropped(), r.lost());
    }

    private static final Set<String> GATE = union(MESSAGES, BITRATE, LATENCY);

    @Override
    public Set<String> gateFigureNames() {
        return GATE;
    }

    @Override
    protected Map<String, Double> gateFigures(UdpUnderLoadSpec spec, UdpUnderLoadReport r) {
        GateFigures f = new GateFigures().put("messages", r.messagesSent()).put("messagesPerSecond", r.messagesPerSecond())
                .put("errors", r.errors());
        f.put("megabitsPerSecond", r.megabitsPerSecond()).put("megabytesPerSecond", r.megabytesPerSecond())
                .put("lost", r.lost()).put("lossPercent", r.lossPercent()); // null when the reflector was not read
        latency(f, r.latencyMicros(), r.rttMicros(), r.dropped());
        return f.map();
    }
}
