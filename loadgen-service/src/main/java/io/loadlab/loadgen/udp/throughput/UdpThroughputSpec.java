package io.loadlab.loadgen.udp.throughput;

import io.loadlab.loadgen.run.Violations;
import io.loadlab.loadgen.udp.UdpRunSpec;
import io.loadlab.loadgen.udp.UdpSpecChecks;

import java.net.URI;
import java.time.Duration;

/**
 * sockperf {@code throughput} / iperf3 {@code -u}: messages without pong requests, at {@code rate} or flat out.
 *
 * @param rate          messages per second, 0 for as fast as possible (a {@code bitrate} is converted by the reader)
 * @param targetMetrics the reflector's /q/metrics, read before and after to report what arrived; null for none
 */
public record UdpThroughputSpec(URI target, int messageSize, double rate, Duration duration, Duration warmup,
                                URI targetMetrics) implements UdpRunSpec {

    public static final String KIND = "udp-throughput";

    public UdpThroughputSpec {
        warmup = warmup == null ? Duration.ZERO : warmup;
        Violations v = UdpSpecChecks.common(target, messageSize, rate, duration, warmup);
        UdpSpecChecks.targetMetrics(v, targetMetrics);
        v.throwIfAny();
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public int replyEvery() {
        return 0;
    }
}
