package io.loadlab.loadgen.udp.underload;

import io.loadlab.loadgen.run.Violations;
import io.loadlab.loadgen.udp.UdpRunSpec;
import io.loadlab.loadgen.udp.UdpSpecChecks;

import java.net.URI;
import java.time.Duration;

/** sockperf {@code under-load}: throughput traffic in which one message in {@code replyEvery} asks for a pong. */
public record UdpUnderLoadSpec(URI target, int messageSize, double rate, int replyEvery, Duration duration,
                               Duration warmup, URI targetMetrics) implements UdpRunSpec {

    public static final String KIND = "udp-underload";

    public UdpUnderLoadSpec {
        warmup = warmup == null ? Duration.ZERO : warmup;
        Violations v = UdpSpecChecks.common(target, messageSize, rate, duration, warmup);
        v.check(replyEvery >= 1, "replyEvery", "must be at least 1");
        UdpSpecChecks.targetMetrics(v, targetMetrics);
        v.throwIfAny();
    }

    @Override
    public String kind() {
        return KIND;
    }
}
