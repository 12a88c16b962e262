package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.run.AddressPolicy;
import jakarta.inject.Singleton;

/** Runs {@code UdpPingPongSpec}s. */
@Singleton
public class UdpPingPongDriver extends UdpRunDriver {

    public UdpPingPongDriver(NanoClock clock, AddressPolicy policy) {
        super(clock, policy);
    }

    @Override
    public String kind() {
        return UdpPingPongSpec.KIND;
    }
}
