package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.NanoClock;
import jakarta.inject.Singleton;

/** Runs {@code UdpPingPongSpec}s. */
@Singleton
public class UdpPingPongDriver extends UdpRunDriver {

    public UdpPingPongDriver(NanoClock clock) {
        super(clock);
    }

    @Override
    public String kind() {
        return UdpPingPongSpec.KIND;
    }
}
