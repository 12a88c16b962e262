package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.run.RunKindDefinition;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.Optional;

/** udp-pingpong runs as the rest of the loadgen sees them: sockperf's text and the message meters. */
@Singleton
public class UdpPingPongKind extends RunKindDefinition<UdpPingPongSpec, UdpPingPongReport> {

    private final UdpMessageMeters meters;

    @Inject
    public UdpPingPongKind(UdpMessageMeters meters) {
        super(UdpPingPongSpec.KIND, UdpPingPongSpec.class, UdpPingPongReport.class);
        this.meters = meters;
    }

    @Override
    protected Optional<String> text(UdpPingPongSpec spec, UdpPingPongReport report, String histogram) {
        return Optional.of(SockperfTextReport.render(report));
    }

    @Override
    protected void count(UdpPingPongSpec spec, UdpPingPongReport r) {
        meters.count(r.messagesSent(), r.pongsReceived(), r.dropped(), null);
    }
}
