package io.loadlab.loadgen.api.spec;

import io.loadlab.loadgen.api.guard.LimitsConfig;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Violations;
import io.loadlab.loadgen.udp.Bitrate;

import java.net.URI;
import java.time.Duration;

/**
 * What the UDP readers share: the common fields, {@code rate} or {@code bitrate} (iperf3's form,
 * turned into messages per second), the configured limits, and the record's own checks folded into
 * the same answer. Defaults: 64-byte messages as fast as possible (sockperf's), 10s, no warm-up.
 */
abstract class UdpSpecReader implements SpecReader {

    private final LimitsConfig limits;

    UdpSpecReader(LimitsConfig limits) {
        this.limits = limits;
    }

    /** The fields every UDP kind reads, and the message rate they settle on. */
    record Common(URI target, int messageSize, double rate, Duration duration, Duration warmup) {
    }

    Common common(JsonFields f, boolean bitrateAllowed) {
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
        return new Common(target, messageSize, rate, duration, warmup);
    }
}
