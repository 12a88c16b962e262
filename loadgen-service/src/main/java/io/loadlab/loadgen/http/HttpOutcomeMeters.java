package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunListener;
import io.loadlab.loadgen.run.RunProgress;
import io.loadlab.loadgen.run.RunRecord;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * {@code loadgen_requests_total} by request name and outcome, added from each HTTP report when its run ends. A run
 * without a mix counts under its one request's name, {@code default}; a mix run under each name of its report's
 * {@code mix} (bounded by {@link NameLabels}), what no name holds (connections that never opened) under
 * {@code (connection)}, so the names always add up to the run's totals. {@code default}'s outcomes are registered at
 * startup and a mix's names when its run starts, so every series reads 0 before its first step and
 * {@code increase()} sees that step. Labels: the name and the outcome, one of seven.
 */
@Startup
@ApplicationScoped
public class HttpOutcomeMeters implements RunListener {

    private static final String[] OUTCOMES = {"ok", "status3xx", "status4xx", "status5xx", "connect", "timeout",
            "readWrite"};

    private final MeterRegistry registry;
    private final NameLabels names = new NameLabels();

    @Inject
    public HttpOutcomeMeters(MeterRegistry registry) {
        this.registry = registry;
        register(RequestSpec.SINGLE);
    }

    /** Registers a mix run's names (the only place this kind meets a run's start: the registry tells every listener). */
    @Override
    public void started(RunRecord run, LoadRun live) {
        if (run.spec() instanceof HttpRunSpec spec && spec.hasMix()) {
            spec.mix().forEach(r -> register(names.of(r.name())));
            register(NameLabels.CONNECTION);
        }
    }

    @Override
    public void finished(RunRecord run, RunProgress last) {
        // counted from the report, through HttpKind.count, once the report is kept
    }

    void count(HttpReport r) {
        HttpErrors e = HttpKind.errors(r);
        if (r.mix().isEmpty()) {
            count(RequestSpec.SINGLE, r.requests(), outcomes(e));
            return;
        }
        long requests = r.requests();
        long[] rest = outcomes(e);
        for (RequestReport m : r.mix()) {
            count(names.of(m.name()), m.requests(), outcomes(m.errors()));
            requests -= m.requests();
            long[] named = outcomes(m.errors());
            for (int i = 0; i < rest.length; i++) {
                rest[i] -= named[i];
            }
        }
        count(NameLabels.CONNECTION, requests, rest);
    }

    /** {@code outcomes} without "ok" (index 0), which is {@code requests} less the answered errors. */
    private void count(String name, long requests, long[] outcomes) {
        // a redirect is not the resource asked for (HttpErrors): its own outcome, never "ok"
        outcome(name, OUTCOMES[0]).increment(Math.max(0, requests - outcomes[1] - outcomes[2] - outcomes[3]));
        for (int i = 1; i < OUTCOMES.length; i++) {
            outcome(name, OUTCOMES[i]).increment(Math.max(0, outcomes[i]));
        }
    }

    /** The errors in {@link #OUTCOMES}' order, "ok" (0) left for the caller to derive. */
    private static long[] outcomes(HttpErrors e) {
        return new long[]{0, e.status3xx(), e.status4xx(), e.status5xx(), e.connect(), e.timeout(), e.readWrite()};
    }

    private void register(String name) {
        for (String o : OUTCOMES) {
            outcome(name, o);
        }
    }

    private Counter outcome(String name, String outcome) {
        return Counter.builder("loadgen.requests").tag("name", name).tag("outcome", outcome)
                .description("Requests by name and outcome, added when each run ends").register(registry);
    }
}
