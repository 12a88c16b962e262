package io.loadlab.loadgen.udp.pingpong;

import io.loadlab.loadgen.udp.UdpRunSpec;
import io.loadlab.loadgen.udp.UdpSpecChecks;
import java.net.URI;
import java.time.Duration;

/** sockperf {@code ping-pong}: every message asks for its pong and waits for it (or its timeout) before the next. */
public record UdpPingPongSpec(URI target, int messageSize, double rate, Duration duration, Duration warmup)
        implements UdpRunSpec {

    public static final String KIND = "udp-pingpong";

    public UdpPingPongSpec {
        warmup = warmup == null ? Duration.ZERO : warmup;
        UdpSpecChecks.common(target, messageSize, rate, duration, warmup).throwIfAny();
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public int replyEvery() {
        return 1;
    }

    @Override
    public boolean waitsForPong() {
        return true;
    }
}
