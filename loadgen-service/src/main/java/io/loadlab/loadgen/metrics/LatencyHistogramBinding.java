package io.loadlab.loadgen.metrics;

import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunListener;
import io.loadlab.loadgen.run.RunProgress;
import io.loadlab.loadgen.run.RunRecord;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.prometheus.PrometheusMeterRegistry;
import io.quarkus.runtime.Startup;
import org.jboss.logging.Logger;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Registers {@link LatencyCollector} with the Prometheus registry {@code /q/metrics} is written from, and tells its
 * {@link LatencyFeed} of each run's start and end. Its series carry the tags every Micrometer meter here carries
 * ({@code application}, {@code cores}, {@code agent}), taken from the same {@link MeterFilter} beans, so a raw
 * collector cannot drift from the meters a dashboard joins it with.
 */
@Startup
@ApplicationScoped
public class LatencyHistogramBinding implements RunListener {

    private static final Logger LOG = Logger.getLogger(LatencyHistogramBinding.class);

    /**
     * How often the feed reads the live runs' intervals, scraped or not: a fifth of the 300 s a series keeps them
     * whole ({@code IntervalSeries.RAW_WINDOW}), so a run nobody scrapes for minutes still adds every second to the
     * histogram. One decoded histogram per second of run each time, about 0.1 ms.
     */
    static final long CATCH_UP_SECONDS = 60;

    private final LatencyFeed feed = new LatencyFeed();
    private final ScheduledExecutorService catchUp = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "loadgen-latency-feed");
        t.setDaemon(true);
        return t;
    });

    @Inject
    public LatencyHistogramBinding(PrometheusMeterRegistry registry, @Any Instance<MeterFilter> filters) {
        Meter.Id id = new Meter.Id("loadgen.latency.seconds", Tags.empty(), null, null, Meter.Type.OTHER);
        for (MeterFilter f : filters) {
            id = f.map(id);
        }
        Map<String, String> common = new LinkedHashMap<>();
        for (Tag t : id.getTagsAsIterable()) {
            common.put(t.getKey(), t.getValue());
        }
        new LatencyCollector(feed, common).register(registry.getPrometheusRegistry());
        catchUp.scheduleWithFixedDelay(this::catchUp, CATCH_UP_SECONDS, CATCH_UP_SECONDS, TimeUnit.SECONDS);
    }

    private void catchUp() {
        try {
            feed.catchUp();
        } catch (RuntimeException e) { // a scheduled task that throws is never run again
            LOG.errorf(e, "reading the runs' latency intervals failed; the next try is in %d s", CATCH_UP_SECONDS);
        }
    }

    @PreDestroy
    void stop() {
        catchUp.shutdownNow();
    }

    @Override
    public void started(RunRecord run, LoadRun live) {
        feed.started(run.id(), run.spec().kind(), live);
    }

    @Override
    public void finished(RunRecord run, RunProgress last) {
        feed.finished(run.id());
    }
}
