package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.NanoClock;
import jakarta.inject.Singleton;

/** Runs {@code UdpThroughputSpec}s. */
@Singleton
public class UdpThroughputDriver extends UdpRunDriver {

    public UdpThroughputDriver(NanoClock clock) {
        super(clock);
    }

    @Override
    public String kind() {
        return UdpThroughputSpec.KIND;
    }
}
