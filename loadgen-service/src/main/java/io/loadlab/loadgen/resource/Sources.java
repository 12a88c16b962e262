package io.loadlab.loadgen.resource;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.scrape.Scraper;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;

/** The {@link ResourceSources} bean: builtin sources scrape with the shared {@link Scraper}, Prometheus ones query with the shared client. */
@Singleton
public class Sources implements ResourceSources {

    private final Scraper scraper;
    private final HttpClient http;
    private final Clock clock;
    private final NanoClock nanos;
    private final Duration scrapeTimeout;

    @Inject
    public Sources(Scraper scraper, HttpClient http, Clock clock, NanoClock nanos,
                   @ConfigProperty(name = "loadgen.experiments.scrape-timeout", defaultValue = "2s") Duration scrapeTimeout) {
        this.scraper = scraper;
        this.http = http;
        this.clock = clock;
        this.nanos = nanos;
        this.scrapeTimeout = scrapeTimeout;
    }

    @Override
    public ResourceSource of(ResourceSpec spec, URI metrics) {
        return spec.builtin() ? new BuiltinSource(metrics, scraper, scrapeTimeout, nanos::nanoTime)
                : new PrometheusSource(spec, http, clock);
    }
}
