package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.NanoClock;
import jakarta.inject.Singleton;

/** Runs {@code UdpUnderLoadSpec}s. */
@Singleton
public class UdpUnderLoadDriver extends UdpRunDriver {

    public UdpUnderLoadDriver(NanoClock clock) {
        super(clock);
    }

    @Override
    public String kind() {
        return UdpUnderLoadSpec.KIND;
    }
}
