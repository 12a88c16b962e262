package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.run.RunKindDefinition;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.Optional;

/** udp-underload runs as the rest of the loadgen sees them: sockperf's text and the message meters. */
@Singleton
public class UdpUnderLoadKind extends RunKindDefinition<UdpUnderLoadSpec, UdpUnderLoadReport> {

    private final UdpMessageMeters meters;

    @Inject
    public UdpUnderLoadKind(UdpMessageMeters meters) {
        super(UdpUnderLoadSpec.KIND, UdpUnderLoadSpec.class, UdpUnderLoadReport.class);
        this.meters = meters;
    }

    @Override
    protected Optional<String> text(UdpUnderLoadSpec spec, UdpUnderLoadReport report, String histogram) {
        return Optional.of(SockperfTextReport.render(report));
    }

    @Override
    protected void count(UdpUnderLoadSpec spec, UdpUnderLoadReport r) {
        meters.count(r.messagesSent(), r.pongsReceived(), r.dropped(), r.lost());
    }
}
