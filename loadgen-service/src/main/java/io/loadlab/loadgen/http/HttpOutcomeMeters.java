package io.loadlab.loadgen.http;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * {@code loadgen_requests_total} by outcome, added from each HTTP report when its run ends. Registered at startup
 * so every outcome reads 0 before the first run. Labels: the outcome only, a fixed set of seven.
 */
@Startup
@ApplicationScoped
public class HttpOutcomeMeters {

    private static final String[] OUTCOMES = {"ok", "status3xx", "status4xx", "status5xx", "connect", "timeout",
            "readWrite"};

    private final MeterRegistry registry;

    @Inject
    public HttpOutcomeMeters(MeterRegistry registry) {
        this.registry = registry;
        for (String o : OUTCOMES) {
            outcome(o);
        }
    }

    void count(HttpReport r) {
        HttpErrors e = HttpKind.errors(r);
        // a redirect is not the resource asked for (HttpErrors): its own outcome, never "ok"
        outcome("ok").increment(Math.max(0, r.requests() - e.status3xx() - e.status4xx() - e.status5xx()));
        outcome("status3xx").increment(e.status3xx());
        outcome("status4xx").increment(e.status4xx());
        outcome("status5xx").increment(e.status5xx());
        outcome("connect").increment(e.connect());
        outcome("timeout").increment(e.timeout());
        outcome("readWrite").increment(e.readWrite());
    }

    private Counter outcome(String outcome) {
        return Counter.builder("loadgen.requests").tag("outcome", outcome)
                .description("Requests by outcome, added when each run ends").register(registry);
    }
}
