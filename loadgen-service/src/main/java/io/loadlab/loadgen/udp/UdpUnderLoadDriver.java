package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.run.AddressPolicy;
import jakarta.inject.Singleton;

/** Runs {@code UdpUnderLoadSpec}s. */
@Singleton
public class UdpUnderLoadDriver extends UdpRunDriver {

    public UdpUnderLoadDriver(NanoClock clock, AddressPolicy policy) {
        super(clock, policy);
    }

    @Override
    public String kind() {
        return UdpUnderLoadSpec.KIND;
    }
}
