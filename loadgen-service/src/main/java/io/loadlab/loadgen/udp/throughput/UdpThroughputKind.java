package io.loadlab.loadgen.udp.throughput;

import io.loadlab.loadgen.run.CellFigures;
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
 * udp-throughput runs as the rest of the loadgen sees them: the spec's JSON (rate or bitrate, and the optional
 * {@code targetMetrics}), sockperf's text, the message meters, and its figures as a cell's (a message counts as a
 * request: what a calibration reads of the generator's UDP ceiling).
 */
@Singleton
public class UdpThroughputKind extends UdpKind<UdpThroughputSpec, UdpThroughputReport> {

    @Inject
    public UdpThroughputKind(UdpMessageMeters meters, LimitsConfig limits) {
        super(UdpThroughputSpec.KIND, UdpThroughputSpec.class, UdpThroughputReport.class,
                UdpThroughputReport::of, meters, limits);
    }

    @Override
    public UdpThroughputSpec read(JsonFields f) {
        UdpSpecFields c = fields(f, true);
        URI metrics = f.uri("targetMetrics");
        return f.build(() -> new UdpThroughputSpec(c.target(), c.messageSize(), c.rate(), c.duration(), c.warmup(),
                metrics));
    }

    @Override
    protected UdpThroughputSpec part(UdpThroughputSpec s, double rate) {
        return new UdpThroughputSpec(s.target(), s.messageSize(), rate, s.duration(), s.warmup(), null);
    }

    @Override
    protected Optional<String> text(UdpThroughputSpec spec, UdpThroughputReport r, String histogram) {
        StringBuilder out = new StringBuilder();
        SockperfTextReport.throughput(out, r);
        return Optional.of(out.toString());
    }

    @Override
    protected void count(UdpThroughputSpec spec, UdpThroughputReport r) {
        meters().count(r.messagesSent(), 0, 0, r.lost());
    }

    /**
     * The bytes a cell weighs against the link are the datagrams' payloads sent: the run only sends, so that is the
     * direction it loads (the wire adds 28 bytes of IP and UDP headers to each, left out as iperf3 leaves them out).
     */
    @Override
    protected Optional<CellFigures> figures(UdpThroughputReport r) {
        return Optional.of(new CellFigures(r.durationSeconds(), r.messagesSent() * (long) r.messageSize(),
                r.messagesPerSecond(), null, r.sendErrors(), r.messagesSent() + r.sendErrors(), r.requestedRate(),
                r.messagesPerSecond()));
    }

    @Override
    public boolean drivesCells() {
        return true;
    }

    private static final Set<String> GATE = union(MESSAGES, BITRATE);

    @Override
    public Set<String> gateFigureNames() {
        return GATE;
    }

    @Override
    protected Map<String, Double> gateFigures(UdpThroughputSpec spec, UdpThroughputReport r) {
        GateFigures f = new GateFigures().put("messages", r.messagesSent()).put("messagesPerSecond", r.messagesPerSecond())
                .put("errors", r.sendErrors());
        f.put("megabitsPerSecond", r.megabitsPerSecond()).put("megabytesPerSecond", r.megabytesPerSecond())
                .put("lost", r.lost()).put("lossPercent", r.lossPercent()); // null when the reflector was not read
        return f.map();
    }
}
