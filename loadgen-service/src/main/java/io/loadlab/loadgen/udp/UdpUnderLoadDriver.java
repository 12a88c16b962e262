package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.NanoClock;
import jakarta.enterprise.context.ApplicationScoped;

/** Runs {@code UdpUnderLoadSpec}s. */
@ApplicationScoped
public class UdpUnderLoadDriver extends UdpRunDriver {

    public UdpUnderLoadDriver(NanoClock clock) {
        super(clock);
    }

    @Override
    public String kind() {
        return UdpUnderLoadSpec.KIND;
    }
}
