package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.run.Bitrate;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.Violations;

import java.net.URI;
import java.time.Duration;

/**
 * The fields every UDP kind's JSON reads, and the message rate they settle on: {@code rate}, or {@code bitrate}
 * (iperf3's form, turned into messages per second), checked against the configured limits. Defaults: 64-byte
 * messages as fast as possible (sockperf's), 10s, no warm-up.
 */
public record UdpSpecFields(URI target, int messageSize, double rate, Duration duration, Duration warmup) {

    /**
     * Reads the shared fields through {@code f}, recording each bad one in its violations.
     *
     * @param bitrateAllowed whether the kind takes {@code bitrate} (a ping-pong's rate caps pings: no bitrate)
     */
    public static UdpSpecFields read(JsonFields f, LimitsConfig limits, boolean bitrateAllowed) {
        URI target = f.uri("target");
        int messageSize = f.integer("messageSize", 64);
        double rate = f.number("rate", 0);
        String bitrate = bitrateAllowed ? f.text("bitrate", null) : null;
        Duration duration = f.duration("duration", Duration.ofSeconds(10));
        Duration warmup = f.duration("warmup", Duration.ZERO);
        Violations v = f.violations();
        if (bitrate != null) {
            Double bits = Bitrate.parse(bitrate).orElse(null);
            if (v.check(bits != null, "bitrate", "must be bits per second like 500K, 100M or 1G (iperf3's -b)")
                    && v.check(rate == 0, "bitrate", "give either rate (messages/s) or bitrate, not both")
                    && messageSize > 0) {
                rate = Bitrate.messagesPerSecond(bits, messageSize);
            }
        }
        // a tiny bitrate makes a tiny message rate: named as the field the user gave
        limits.checkPace(v, bitrate == null ? rate : 0, duration, warmup);
        if (bitrate != null) {
            limits.checkRate(v, "bitrate", rate);
        }
        return new UdpSpecFields(target, messageSize, rate, duration, warmup);
    }
}
