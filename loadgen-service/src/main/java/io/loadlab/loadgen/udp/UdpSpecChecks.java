package io.loadlab.loadgen.udp;

import io.loadlab.common.sockperf.SockperfHeader;
import io.loadlab.loadgen.run.Violations;

import java.net.URI;
import java.time.Duration;

/** The well-formedness rules every UDP spec shares, named by JSON field. */
public final class UdpSpecChecks {

    static final int MIN_MESSAGE = SockperfHeader.BYTES;
    static final int MAX_MESSAGE = SockperfHeader.MAX_MESSAGE;

    private UdpSpecChecks() {
    }

    public static Violations common(URI target, int messageSize, double rate, Duration duration, Duration warmup) {
        Violations v = new Violations();
        if (v.check(target != null, "target", "is required")) {
            v.check("udp".equalsIgnoreCase(target.getScheme()), "target", "must be a udp://host:port address");
            v.check(target.getHost() != null && !target.getHost().isEmpty(), "target", "must name a host");
            v.check(target.getPort() > 0, "target", "must name a port");
        }
        v.check(messageSize >= MIN_MESSAGE && messageSize <= MAX_MESSAGE, "messageSize",
                "must be " + MIN_MESSAGE + " (sockperf's header) to " + MAX_MESSAGE + " (the largest UDP payload)");
        v.check(rate >= 0 && Double.isFinite(rate), "rate", "must be 0 (as fast as possible) or messages per second");
        v.check(duration != null && !duration.isNegative() && !duration.isZero(), "duration", "must be above zero");
        v.check(warmup != null && !warmup.isNegative(), "warmup", "must not be negative");
        return v;
    }

    public static void targetMetrics(Violations v, URI url) {
        if (url != null) {
            v.check("http".equalsIgnoreCase(url.getScheme()) && url.getHost() != null, "targetMetrics",
                    "must be an http:// URL of the reflector's Prometheus text, e.g. http://127.0.0.1:8080/q/metrics");
        }
    }
}
