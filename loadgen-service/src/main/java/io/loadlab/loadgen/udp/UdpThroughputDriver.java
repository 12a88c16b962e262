package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.NanoClock;
import jakarta.enterprise.context.ApplicationScoped;

/** Runs {@code UdpThroughputSpec}s. */
@ApplicationScoped
public class UdpThroughputDriver extends UdpRunDriver {

    public UdpThroughputDriver(NanoClock clock) {
        super(clock);
    }

    @Override
    public String kind() {
        return UdpThroughputSpec.KIND;
    }
}
