package io.loadlab.loadgen.http;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

/** Short-hand for the specs the tests run. */
final class Specs {

    private Specs() {
    }

    static HttpRunSpec closed(URI target, int connections, int threads, long durationMs) {
        return spec(target, connections, threads, durationMs, 0, 0, true, 2_000);
    }

    /** An HTTP/2 run ({@code h2c} for http://, {@code h2} for https://) with {@code streams} per connection. */
    static HttpRunSpec h2(URI target, int connections, int streams, long durationMs, long warmupMs, double rate,
                          boolean keepAlive, long timeoutMs) {
        HttpProtocol protocol = "https".equals(target.getScheme()) ? HttpProtocol.H2 : HttpProtocol.H2C;
        return new HttpRunSpec(target, "GET", Map.of(), null, connections, 1, Duration.ofMillis(durationMs),
                Duration.ofMillis(warmupMs), rate, keepAlive, Duration.ofMillis(timeoutMs), protocol, streams, null);
    }

    static HttpRunSpec spec(URI target, int connections, int threads, long durationMs, long warmupMs, double rate,
                            boolean keepAlive, long timeoutMs) {
        return new HttpRunSpec(target, "GET", Map.of(), null, connections, threads, Duration.ofMillis(durationMs),
                Duration.ofMillis(warmupMs), rate, keepAlive, Duration.ofMillis(timeoutMs));
    }
}
