package io.loadlab.loadgen.resource;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One cell's reading of a {@link PrometheusSource}: nothing during the cell, then at its end one instant query per
 * figure at {@code time=end} with {@code $__range} = end - start. Before asking it waits {@link #INGEST_MARGIN}
 * past the end: a scrape's samples are stamped with the time it started and stored when it ends, so the last scrape
 * before {@code end} is in once its own duration has passed (Prometheus's /metrics answers in ~10 ms, a kubelet's
 * /metrics/cadvisor in 0.1 to 0.5 s on a node of 100 pods). Bounded: that wait, then at most one exchange per query
 * (at most 7, each within the spec's timeout), and none after the server itself failed: a stopped Prometheus costs
 * one refused connection, a stalled one one timeout.
 */
final class PrometheusWindow implements ResourceWindow {

    static final Duration INGEST_MARGIN = Duration.ofSeconds(1);

    private final PrometheusSource source;
    private final Clock clock;
    private final Duration margin;

    PrometheusWindow(PrometheusSource source, Clock clock, Duration margin) {
        this.source = source;
        this.clock = clock;
        this.margin = margin;
    }

    @Override
    public void tick() {
        // Prometheus keeps the samples: everything is read at the end.
    }

    @Override
    public ResourceFigures close(Instant start, Instant end) {
        Duration range = Duration.between(start, end);
        if (range.toMillis() < 1) {
            return ResourceFigures.none(source.describe(), "the measured part has no length");
        }
        awaitIngest(end);
        Map<Figure, Double> values = new EnumMap<>(Figure.class);
        Map<String, String> unmeasured = new TreeMap<>();
        ApiFailure down = null;
        boolean noQuota = false;
        for (Figure f : Figure.values()) {
            List<String> queries = source.queries(f, range);
            if (queries.isEmpty()) {
                unmeasured.put(f.json(), source.cannotGive(f));
                continue;
            }
            if (down != null) {
                unmeasured.put(f.json(), "not asked: " + down.message());
                continue;
            }
            Reading r = read(queries, end);
            down = r.failure != null && r.failure.serverDown() ? r.failure : null;
            if (r.value != null) {
                values.put(f, r.value);
            } else if (f == Figure.LIMIT && r.none) {
                noQuota = true; // cAdvisor writes container_spec_cpu_quota only for a container with a quota
            } else if (f == Figure.THROTTLED && (noQuota || r.nan)) {
                unmeasured.put(f.json(), "no CFS quota" + (r.nan ? ": " + r.why : ""));
            } else {
                unmeasured.put(f.json(), r.why);
            }
        }
        return new ResourceFigures(source.describe(), values.get(Figure.CPU), source.cpuScope(), values.get(Figure.LIMIT),
                values.get(Figure.THROTTLED), values.get(Figure.WAIT), values.get(Figure.NETWORK), unmeasured);
    }

    /** A figure's value, or why not: {@code none} when every query matched nothing, {@code nan} for 0/0. */
    private record Reading(Double value, String why, boolean none, boolean nan, ApiFailure failure) {
    }

    private Reading read(List<String> queries, Instant end) {
        List<String> empty = new ArrayList<>();
        for (String q : queries) {
            QueryAnswer a = source.api().query(q, end);
            if (a.failure() != null) {
                return new Reading(null, a.failure().message() + " for " + q, false, false, a.failure());
            }
            int n = a.series().size();
            if (n > 1) {
                return new Reading(null, q + " matched " + n + " series, not one", false, false, null);
            }
            if (n == 1) {
                double v = a.series().get(0).value();
                return Double.isFinite(v) ? new Reading(v, null, false, false, null)
                        : new Reading(null, q + " gave " + v, false, Double.isNaN(v), null);
            }
            empty.add(q);
        }
        return new Reading(null, String.join(" nor ", empty) + " matched no series", true, false, null);
    }

    /** Sleeps until {@code end} + the margin by the clock; at most twice the margin, whatever {@code end} says. */
    private void awaitIngest(Instant end) {
        long wait = Math.min(Duration.between(clock.instant(), end.plus(margin)).toMillis(), margin.multipliedBy(2).toMillis());
        if (wait > 0) {
            try {
                Thread.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
