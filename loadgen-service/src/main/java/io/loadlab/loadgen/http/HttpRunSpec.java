package io.loadlab.loadgen.http;

import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Violations;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * An HTTP/1.1 run, as wrk, wrk2 and ab are driven. Validated when built: every bad field is named
 * at once. Configured limits (connections, rate, duration, body size) are checked by the API's guards,
 * not here: they are policy, this is well-formedness.
 *
 * @param target      {@code http://host:port/path?query}
 * @param method      GET, POST, PUT, DELETE, PATCH, HEAD or OPTIONS
 * @param headers     extra request headers; Host, Content-Length and Connection are set by the engine
 * @param body        request body (UTF-8), null or empty for none
 * @param connections concurrent connections, shared round-robin between {@code threads} event loops
 * @param threads     event loops driving the connections
 * @param duration    measured part of the run
 * @param warmup      driven like the run before it, left out of the report
 * @param rate        0: closed model (wrk); above 0: open model at that many requests per second in total (wrk2 -R)
 * @param keepAlive   false: {@code Connection: close} and a new connection per request
 * @param timeout     a request without a complete answer after this long counts as a timeout error
 */
public record HttpRunSpec(URI target, String method, Map<String, String> headers, String body, int connections,
                          int threads, Duration duration, Duration warmup, double rate, boolean keepAlive,
                          Duration timeout) implements RunSpec {

    public static final String KIND = "http";
    private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS");

    public HttpRunSpec {
        method = method == null ? "GET" : method.toUpperCase(Locale.ROOT);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        warmup = warmup == null ? Duration.ZERO : warmup;
        Violations v = new Violations();
        if (v.check(target != null, "target", "is required")) {
            v.check("http".equalsIgnoreCase(target.getScheme()), "target", "must be an http:// URL (TLS is not supported)");
            v.check(target.getHost() != null && !target.getHost().isEmpty(), "target", "must name a host");
        }
        v.check(METHODS.contains(method), "method", "must be one of " + METHODS);
        headers.forEach((name, value) -> {
            v.check(name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+"), "headers", "'" + name + "' is not a valid header name");
            v.check(value != null && value.indexOf('\r') < 0 && value.indexOf('\n') < 0, "headers",
                    "value of '" + name + "' must not contain CR or LF");
        });
        v.check(connections >= 1, "connections", "must be at least 1");
        v.check(threads >= 1, "threads", "must be at least 1");
        v.check(threads <= Math.max(connections, 1), "threads", "must not exceed connections");
        v.check(duration != null && !duration.isNegative() && !duration.isZero(), "duration", "must be above zero");
        v.check(!warmup.isNegative(), "warmup", "must not be negative");
        v.check(rate >= 0 && Double.isFinite(rate), "rate", "must be 0 (closed model) or a positive rate per second");
        v.check(timeout != null && !timeout.isNegative() && !timeout.isZero(), "timeout", "must be above zero");
        v.throwIfAny();
    }

    @Override
    public String kind() {
        return KIND;
    }

    /** True for wrk2's open model: requests scheduled at intended times, latency corrected for coordinated omission. */
    public boolean openModel() {
        return rate > 0;
    }

    @Override
    public int eventLoops() {
        return threads;
    }
}
