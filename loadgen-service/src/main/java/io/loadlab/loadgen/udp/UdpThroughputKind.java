package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.run.RunKindDefinition;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.Optional;

/** udp-throughput runs as the rest of the loadgen sees them: sockperf's text and the message meters. */
@Singleton
public class UdpThroughputKind extends RunKindDefinition<UdpThroughputSpec, UdpThroughputReport> {

    private final UdpMessageMeters meters;

    @Inject
    public UdpThroughputKind(UdpMessageMeters meters) {
        super(UdpThroughputSpec.KIND, UdpThroughputSpec.class, UdpThroughputReport.class);
        this.meters = meters;
    }

    @Override
    protected Optional<String> text(UdpThroughputSpec spec, UdpThroughputReport report, String histogram) {
        return Optional.of(SockperfTextReport.render(report));
    }

    @Override
    protected void count(UdpThroughputSpec spec, UdpThroughputReport r) {
        meters.count(r.messagesSent(), 0, 0, r.lost());
    }
}
