package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.Direction;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Violations;

import java.net.URI;
import java.time.Duration;

/**
 * One iperf3 test, as the client asks for it ({@code "kind": "iperf"}).
 *
 * @param target   the server's control port, {@code tcp://host:port} (iperf3's {@code -c host -p port})
 * @param bitrate  bits/s per stream, like {@code -b}; 0 for unlimited
 * @param length   bytes per write or datagram, like {@code -l}; 0 for iperf3's default (TCP 128 KiB, UDP 1460)
 * @param duration measured time, whole seconds (iperf3's protocol carries seconds)
 * @param warmup   seconds not counted first, like {@code -O}
 */
public record IperfSpec(URI target, Protocol protocol, int streams, Direction direction, long bitrate,
                        int length, Duration duration, Duration warmup) implements RunSpec {

    public static final String KIND = "iperf";
    /** iperf3's own limit on {@code -P}. */
    public static final int MAX_STREAMS = 128;

    public IperfSpec {
        warmup = warmup == null ? Duration.ZERO : warmup;
        Violations v = new Violations();
        v.check(target != null && "tcp".equals(target.getScheme()) && target.getHost() != null && !target.getHost().isBlank()
                && target.getPort() >= 1 && target.getPort() <= 65535 && (target.getRawPath() == null || target.getRawPath().isEmpty())
                && target.getRawQuery() == null, "target", "must be tcp://host:port (host and port 1..65535, nothing else)");
        v.check(protocol != null, "protocol", "must be tcp or udp");
        v.check(streams >= 1 && streams <= MAX_STREAMS, "streams", "must be 1.." + MAX_STREAMS + " (iperf3's -P)");
        v.check(direction != null, "direction", "must be up, down or bidir");
        v.check(bitrate >= 0, "bitrate", "must be 0 (unlimited) or more bits/s");
        v.check(length >= 0 && length <= 1 << 20 && (protocol != Protocol.UDP || length == 0 || (length >= 16 && length <= 65507)),
                "length", "must be 0 (iperf3's default) or 1..1048576 bytes (UDP: 16..65507)");
        v.check(duration != null && duration.toMillis() >= 1000 && duration.toNanos() % 1_000_000_000 == 0
                && duration.toSeconds() <= 86_400, "duration", "must be whole seconds, 1s..1d");
        v.check(!warmup.isNegative() && warmup.toNanos() % 1_000_000_000 == 0 && warmup.toSeconds() <= 3600,
                "warmup", "must be whole seconds, 0..1h");
        v.throwIfAny();
    }

    /** {@code tcp://host:port}, literal IPv6 hosts bracketed. */
    public static URI target(String host, int port) {
        return URI.create("tcp://" + (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port);
    }

    @Override
    public String kind() {
        return KIND;
    }

    /** The server's host, as the target names it (an IPv6 literal without brackets). */
    public String host() {
        String h = target.getHost();
        return h.startsWith("[") ? h.substring(1, h.length() - 1) : h;
    }

    public int port() {
        return target.getPort();
    }

    /** The length on the wire: the one asked for, or iperf3's default for the protocol. */
    public int effectiveLength() {
        return length > 0 ? length : protocol == Protocol.TCP ? 128 * 1024 : 1460;
    }
}
