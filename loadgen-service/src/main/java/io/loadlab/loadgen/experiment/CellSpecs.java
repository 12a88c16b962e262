package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunSpec;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

/**
 * The run a cell is: built from its target, variant and protocol entry, and nothing else. An http run from the
 * variant's fields, or a run of the variant's own kind from its {@link RunTemplate}.
 */
final class CellSpecs {

    private CellSpecs() {
    }

    /**
     * The run a cell of {@code v} on {@code t} is: for a variant with a {@code run}, that kind's spec on the target's
     * host, read by the kind's own reader; else the http run {@link #http} makes.
     *
     * @throws io.loadlab.loadgen.run.InvalidSpecException when the spec is not one a run can make
     */
    static RunSpec of(ExperimentTarget t, Variant v, ExperimentProtocol p, Duration duration, Duration warmup,
                      Duration timeout, RunKinds kinds) {
        return v.isTemplate() ? kinds.read(v.run().on(t.url(), duration, warmup))
                : http(t, v, p, duration, warmup, timeout);
    }

    /**
     * The run a cell of {@code v} on {@code t} is: the variant's own request ({@link Variant#request}) or our
     * target's {@code POST {"number":N}}, over plain HTTP/1.1 as before the {@code protocols} axis.
     *
     * @throws io.loadlab.loadgen.run.InvalidSpecException when the request is not one a run can make
     */
    static HttpRunSpec http(ExperimentTarget t, Variant v, Duration duration, Duration warmup, Duration timeout) {
        return http(t, v, ExperimentProtocol.DEFAULT, duration, warmup, timeout);
    }

    /**
     * The run a cell of {@code v} on {@code t} speaking {@code p} is: to the target's url, or its tlsUrl for an entry
     * over TLS; with the entry's protocol, streams and TLS, and its keep-alive where it sets one; with the variant's
     * mix, values and seed when it has them (the cell's figures are then the run's totals, over every name).
     *
     * @throws io.loadlab.loadgen.run.InvalidSpecException when the request is not one a run can make
     */
    static HttpRunSpec http(ExperimentTarget t, Variant v, ExperimentProtocol p, Duration duration, Duration warmup,
                            Duration timeout) {
        URI base = t.base(p);
        boolean keepAlive = p.keepAlive(v);
        if (v.carriesRequest()) {
            return new HttpRunSpec(v.request(base), v.method(), v.headers(), v.body(), v.connections(), v.threads(),
                    duration, warmup, v.rate(), keepAlive, timeout, p.wire(), p.streams(), p.secure() ? p.tls() : null,
                    v.requests(), v.values(), v.seed() == null ? 0 : v.seed());
        }
        return new HttpRunSpec(base, "POST", Map.of("Content-Type", "application/json"),
                "{\"number\":" + v.number() + "}", v.connections(), v.threads(), duration, warmup, v.rate(),
                keepAlive, timeout, p.wire(), p.streams(), p.secure() ? p.tls() : null);
    }
}
