package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.Direction;
import io.loadlab.common.iperf.Protocol;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One iperf3 test, as the client asks for it.
 *
 * @param bitrate  bits/s per stream, like {@code -b}; 0 for unlimited
 * @param length   bytes per write or datagram, like {@code -l}; 0 for iperf3's default (TCP 128 KiB, UDP 1460)
 * @param duration measured time, whole seconds (iperf3's protocol carries seconds)
 * @param warmup   seconds not counted first, like {@code -O}
 */
public record IperfSpec(String host, int port, Protocol protocol, int streams, Direction direction, long bitrate,
                        int length, Duration duration, Duration warmup) {

    /** iperf3's own limit on {@code -P}. */
    public static final int MAX_STREAMS = 128;

    public IperfSpec {
        List<String> bad = new ArrayList<>();
        if (host == null || host.isBlank()) {
            bad.add("host");
        }
        if (port < 1 || port > 65535) {
            bad.add("port");
        }
        if (protocol == null) {
            bad.add("protocol");
        }
        if (streams < 1 || streams > MAX_STREAMS) {
            bad.add("streams (1.." + MAX_STREAMS + ")");
        }
        if (direction == null) {
            bad.add("direction");
        }
        if (bitrate < 0) {
            bad.add("bitrate");
        }
        if (length < 0 || length > 1 << 20 || (protocol == Protocol.UDP && length != 0 && (length < 16 || length > 65507))) {
            bad.add("length");
        }
        if (duration == null || duration.toMillis() < 1000 || duration.toNanos() % 1_000_000_000 != 0 || duration.toSeconds() > 86_400) {
            bad.add("duration (whole seconds, 1s..1d)");
        }
        if (warmup == null || warmup.isNegative() || warmup.toNanos() % 1_000_000_000 != 0 || warmup.toSeconds() > 3600) {
            bad.add("warmup (whole seconds, 0..1h)");
        }
        if (!bad.isEmpty()) {
            throw new IllegalArgumentException("invalid iperf spec: " + String.join(", ", bad));
        }
    }

    /** The length on the wire: the one asked for, or iperf3's default for the protocol. */
    public int effectiveLength() {
        return length > 0 ? length : protocol == Protocol.TCP ? 128 * 1024 : 1460;
    }
}
