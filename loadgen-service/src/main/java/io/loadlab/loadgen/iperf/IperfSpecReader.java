package io.loadlab.loadgen.iperf;

import com.fasterxml.jackson.databind.JsonNode;

import io.loadlab.common.iperf.Direction;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.loadgen.run.Bitrate;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.Violations;

import java.net.URI;
import java.time.Duration;

/**
 * Reads {@code "kind": "iperf"}: iperf3's client options by name. Defaults as iperf3's: TCP, one stream, up
 * (client to server), 10s, no omitted seconds, TCP unlimited and UDP at 1 Mbit/s per stream.
 */
final class IperfSpecReader {

    private static final double UDP_DEFAULT_BITRATE = 1e6;

    private final LimitsConfig limits;
    private final IperfLimits iperf;

    IperfSpecReader(LimitsConfig limits, IperfLimits iperf) {
        this.limits = limits;
        this.iperf = iperf;
    }

    /** @see io.loadlab.loadgen.run.RunKind#read */
    IperfSpec read(JsonFields f) {
        URI target = f.uri("target");
        Protocol protocol = choice(f, "protocol", "tcp", Protocol.class);
        int streams = f.integer("streams", 1);
        Direction direction = choice(f, "direction", "up", Direction.class);
        // The stored form (GET /runs/{id}'s spec, the OpenAPI schema) writes bitrate as bits per second and the enums
        // in capitals; it is read back as given, so a spec copied from a run posts again as the same spec.
        JsonNode rawBitrate = f.raw("bitrate");
        String bitrateText = rawBitrate != null && rawBitrate.isIntegralNumber() && rawBitrate.canConvertToLong()
                ? rawBitrate.asText() : f.text("bitrate", null);
        int length = f.integer("length", 0);
        Duration duration = f.duration("duration", Duration.ofSeconds(10));
        Duration warmup = f.duration("warmup", Duration.ZERO);
        Violations v = f.violations();
        long bitrate = bitrate(v, bitrateText, protocol);
        v.check(streams <= iperf.maxStreams(), "streams", "must be at most " + iperf.maxStreams() + " (loadgen.limits.iperf.max-streams)");
        limits.checkPace(v, 0, duration, warmup);
        return f.build(() -> new IperfSpec(target, protocol, streams, direction, bitrate, length, duration, warmup));
    }

    private long bitrate(Violations v, String text, Protocol protocol) {
        double max = Bitrate.parse(iperf.maxBitrate()).orElse(0.0);
        String limit = "at most " + iperf.maxBitrate() + " per stream (loadgen.limits.iperf.max-bitrate)";
        if (text == null) {
            return protocol == Protocol.UDP ? (long) UDP_DEFAULT_BITRATE : 0;
        }
        if (text.trim().equals("0")) {
            v.check(protocol != Protocol.UDP, "bitrate", "UDP needs a bitrate: unlimited UDP floods the path; give one " + limit);
            return 0;
        }
        Double bits = Bitrate.parse(text).orElse(null);
        if (!v.check(bits != null, "bitrate", "must be bits per second like 500K, 100M or 1G (iperf3's -b), or 0 for unlimited TCP")) {
            return 0;
        }
        v.check(bits <= max, "bitrate", "must be " + limit);
        return (long) Math.min(bits, Long.MAX_VALUE);
    }

    /** An enum's name in either case; null (the record then names the field) for anything else. */
    private static <E extends Enum<E>> E choice(JsonFields f, String field, String dflt, Class<E> type) {
        String text = f.text(field, dflt);
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(text)) {
                return e;
            }
        }
        return null;
    }
}
