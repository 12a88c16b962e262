package io.loadlab.target.metrics;

import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.http.Outcome;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.concurrent.TimeUnit;

/**
 * The API route's own meters, in place of Quarkus' generic HTTP server binder, which took about 10% of
 * the target's CPU on this route and tagged every series with the request's method token as sent
 * (3,300 invented methods made a 48 MB scrape). Same Prometheus names as the binder's, so dashboards read
 * them unchanged: {@code http_server_requests_seconds{method,uri,status,outcome}} and
 * {@code http_server_bytes_{written,read}}, plus {@code protocol} ({@code http/1.0}, {@code http/1.1}, {@code h2},
 * {@code h2c}) and {@code scheme} ({@code http}, {@code https}): a TLS handshake or HPACK changes what a request
 * costs, so a dashboard splits by them; dashboards that {@code sum by} other tags read the total unchanged. Every
 * tag is fixed: the two methods the route answers, its template, a status below 600 and the five protocol-scheme
 * pairs a request can arrive on (h2 is always TLS here, h2c never). Each meter is registered once, on first use, and then recorded
 * without allocation, lock or lookup.
 *
 * <p>The time measured is the route's: from the complete request reaching it (a POST's body read) to the
 * answer handed to the connection. Network, parsing and queueing before it are the client's to see.
 */
@ApplicationScoped
public class RouteMeters {

    public static final int GET = 0;
    public static final int POST = 1;
    private static final String[] METHODS = {"GET", "POST"};
    /** Index = {@link #protocol}: version × 2 + TLS. */
    private static final String[] PROTOCOLS = {"http/1.0", "http/1.0", "http/1.1", "http/1.1", "h2c", "h2"};
    private static final String[] SCHEMES = {"http", "https"};
    private static final int VERSIONS = 3;

    private final MeterRegistry registry;
    private final Clock clock;
    /** The route's template, as the binder tagged it (the api package's AnswerRoutes.PATH). */
    private static final String URI = "/test/testApi";
    /** [method][protocol][status]; filled on first use. A race registers the same meter twice, which Micrometer makes idempotent. */
    private final Timer[][][] timers = new Timer[METHODS.length][PROTOCOLS.length][600];
    private final DistributionSummary written;
    private final DistributionSummary read;
    private final Counter direct;

    public RouteMeters(MeterRegistry registry) {
        this.registry = registry;
        this.clock = registry.config().clock();
        this.written = DistributionSummary.builder("http.server.bytes.written")
                .description("Response body bytes of the API route").register(registry);
        this.read = DistributionSummary.builder("http.server.bytes.read")
                .description("Request body bytes of the API route").register(registry);
        this.direct = Counter.builder("target.api.direct.answers")
                .description("Answers of the API route written below Vert.x Web (also counted in http.server.requests)")
                .register(registry);
    }

    /** Now, in the registry clock's nanoseconds: pass it back to {@link #record}. */
    public long start() {
        return clock.monotonicTime();
    }

    /**
     * The protocol index {@link #record} takes.
     *
     * @param version 0 for HTTP/1.0, 1 for HTTP/1.1, 2 for HTTP/2
     * @param tls     whether the request came over TLS
     */
    public static int protocol(int version, boolean tls) {
        if (version < 0 || version >= VERSIONS) {
            throw new IllegalArgumentException("version must be 0 (HTTP/1.0), 1 (HTTP/1.1) or 2 (HTTP/2), not " + version);
        }
        return version * 2 + (tls ? 1 : 0);
    }

    /**
     * One answered request: {@code method} is {@link #GET} or {@link #POST}, {@code protocol} from {@link #protocol};
     * bytes are bodies.
     */
    public void record(int method, int protocol, int status, long startNanos, int bytesRead, int bytesWritten) {
        timer(method, protocol, status).record(clock.monotonicTime() - startNanos, TimeUnit.NANOSECONDS);
        written.record(bytesWritten);
        if (method == POST) {
            read.record(bytesRead);
        }
    }

    /** One answer written below the router, recorded by {@link #record} as well: which path served the load. */
    public void countDirect() {
        direct.increment();
    }

    private Timer timer(int method, int protocol, int status) {
        int s = status >= 100 && status < 600 ? status : 500;
        Timer t = timers[method][protocol][s];
        if (t == null) {
            t = Timer.builder("http.server.requests")
                    .description("Time in the API route, from the complete request to the answer handed to the connection")
                    .tag("method", METHODS[method]).tag("uri", URI).tag("status", Integer.toString(s))
                    .tag("outcome", Outcome.forStatus(s).name())
                    .tag("protocol", PROTOCOLS[protocol]).tag("scheme", SCHEMES[protocol & 1])
                    .register(registry);
            timers[method][protocol][s] = t;
        }
        return t;
    }
}
