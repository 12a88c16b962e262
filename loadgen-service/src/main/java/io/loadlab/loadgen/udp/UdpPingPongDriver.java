package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.NanoClock;
import jakarta.enterprise.context.ApplicationScoped;

/** Runs {@code UdpPingPongSpec}s. */
@ApplicationScoped
public class UdpPingPongDriver extends UdpRunDriver {

    public UdpPingPongDriver(NanoClock clock) {
        super(clock);
    }

    @Override
    public String kind() {
        return UdpPingPongSpec.KIND;
    }
}
