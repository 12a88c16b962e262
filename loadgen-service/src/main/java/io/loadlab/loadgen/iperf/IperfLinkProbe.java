package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.Direction;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.loadgen.experiment.LinkProbe;
import io.loadlab.loadgen.run.RunSpec;
import jakarta.inject.Singleton;

import java.net.URI;
import java.time.Duration;

/**
 * An experiment's link measured as the reference experiments did before trusting a figure: iperf3 TCP bulk,
 * parallel streams, in the direction the answers travel (server to loadgen, {@code -R}), one second omitted for
 * slow start. Four streams: one TCP stream can stall behind one window; iperf3's -P 2 measured the same link.
 */
@Singleton
public class IperfLinkProbe implements LinkProbe {

    static final int STREAMS = 4;

    @Override
    public RunSpec spec(URI server, Duration duration) {
        return new IperfSpec(server, Protocol.TCP, STREAMS, Direction.DOWN, 0, 0, duration, Duration.ofSeconds(1));
    }

    @Override
    public String method() {
        return "iperf3 TCP, " + STREAMS + " streams, down";
    }
}
