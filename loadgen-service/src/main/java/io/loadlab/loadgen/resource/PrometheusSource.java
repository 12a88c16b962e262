package io.loadlab.loadgen.resource;

import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/** Figures by PromQL over a Prometheus server's HTTP API. Placeholder until the reader lands. */
public final class PrometheusSource implements ResourceSource {

    private final ResourceSpec spec;

    public PrometheusSource(ResourceSpec spec, HttpClient http, Clock clock) {
        this.spec = spec;
    }

    @Override
    public String describe() {
        return ResourceSpec.PROMETHEUS + " " + spec.preset();
    }

    @Override
    public List<String> check(String field, Duration cellDuration) {
        throw new UnsupportedOperationException("the Prometheus source is not built yet");
    }

    @Override
    public ResourceWindow open() {
        throw new UnsupportedOperationException("the Prometheus source is not built yet");
    }
}
