package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.run.AddressPolicy;
import jakarta.inject.Singleton;

/** Runs {@code UdpThroughputSpec}s. */
@Singleton
public class UdpThroughputDriver extends UdpRunDriver {

    public UdpThroughputDriver(NanoClock clock, AddressPolicy policy) {
        super(clock, policy);
    }

    @Override
    public String kind() {
        return UdpThroughputSpec.KIND;
    }
}
