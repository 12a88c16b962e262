package io.loadlab.loadgen.resource;

import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.Violation;
import io.loadlab.loadgen.run.Violations;

import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Figures by PromQL over a Prometheus server's HTTP API: for each {@link Figure}, the spec's own query if it has one,
 * else its preset's templates in order (the first that returns a series wins), each filled by {@link PromQl}. One
 * instant query per figure at the end of the measured part with {@code $__range} its length, so
 * {@code rate(x[$__range])} is the mean over the part ({@link PrometheusWindow}). Shared by every cell of an
 * experiment: immutable, thread-safe.
 */
public final class PrometheusSource implements ResourceSource {

    /** The check looks back at least this far, so a target idle before the load still shows its series. */
    static final Duration CHECK_RANGE = Duration.ofMinutes(5);
    /** The experiment's field for a cell's measured length: the check names it when a cell is too short. */
    static final String DURATION_FIELD = "duration";
    /** Series shown for an ambiguous match: enough to see which label tells them apart. */
    static final int SHOWN = 3;

    private final ResourceSpec spec;
    private final Preset preset;
    private final PrometheusApi api;
    private final Clock clock;
    private final Duration ingestMargin;

    public PrometheusSource(ResourceSpec spec, HttpClient http, Clock clock) {
        this(spec, http, clock, PrometheusWindow.INGEST_MARGIN);
    }

    /** With another wait for the last scrape, for tests. */
    PrometheusSource(ResourceSpec spec, HttpClient http, Clock clock, Duration ingestMargin) {
        this.spec = spec;
        Preset p = ResourceSpec.presetOf(spec.preset());
        this.preset = p == null ? Preset.CUSTOM : p;
        this.api = new PrometheusApi(http, spec.url(), spec.timeout());
        this.clock = clock;
        this.ingestMargin = ingestMargin;
    }

    @Override
    public String describe() {
        return ResourceSpec.PROMETHEUS + " " + preset.json();
    }

    /** {@link ResourceFigures#CORES} for node-exporter's per-core counters, {@link ResourceFigures#TARGET} otherwise. */
    String cpuScope() {
        return preset == Preset.NODE && !spec.queries().containsKey(Figure.CPU.json()) ? ResourceFigures.CORES : ResourceFigures.TARGET;
    }

    /** The queries for {@code figure} over {@code range}, first choice first; empty when the source cannot give it. */
    List<String> queries(Figure figure, Duration range) {
        String own = spec.queries().get(figure.json());
        List<String> templates = own != null ? List.of(own) : preset.templates(figure);
        return templates.stream().map(t -> PromQl.render(t, spec.match(), spec.cpus(), spec.device(), range)).toList();
    }

    /** Why a figure has no query: the preset has none for it. */
    String cannotGive(Figure figure) {
        return "the " + preset.json() + " preset cannot give it" + (preset == Preset.CUSTOM ? " without resources.queries." + figure.json() : "");
    }

    PrometheusApi api() {
        return api;
    }

    @Override
    public List<String> check(String field, Duration cellDuration) {
        Instant now = clock.instant();
        Duration range = cellDuration.compareTo(CHECK_RANGE) > 0 ? cellDuration : CHECK_RANGE;
        Violations v = new Violations();
        List<String> warnings = new ArrayList<>();
        String cpuQuery = null; // the one that matched: the spacing of its samples decides the shortest cell
        for (Figure f : Figure.values()) {
            List<String> queries = queries(f, range);
            if (queries.isEmpty()) {
                warnings.add(f.json() + ": " + cannotGive(f) + ": it will be unmeasured");
                continue;
            }
            String queryField = field + (spec.queries().containsKey(f.json()) ? ".queries." + f.json() : ".preset");
            String matched = checkFigure(f, queries, now, field, queryField, v, warnings);
            cpuQuery = f == Figure.CPU ? matched : cpuQuery;
        }
        v.throwIfAny();
        ScrapeInterval scrape = api.scrapeInterval(spec.match());
        warnings.addAll(SampleSpacing.measure(api, cpuQuery, scrape, now).judge(field, DURATION_FIELD, cellDuration));
        return List.copyOf(warnings);
    }

    /** The query that matched one series, else null with the violation or warning added. */
    private String checkFigure(Figure f, List<String> queries, Instant now, String field, String queryField, Violations v,
                             List<String> warnings) {
        for (String q : queries) {
            QueryAnswer a = api.query(q, now);
            ApiFailure failure = a.failure();
            if (failure != null && failure.serverDown()) {
                throw new InvalidSpecException(List.of(new Violation(field + ".url", failure.message())));
            }
            if (failure != null) {
                v.add(failure.kind() == ApiFailure.Kind.TOO_LARGE ? field + ".match" : queryField,
                        f.json() + ": " + failure.message() + " for " + q + (failure.kind() == ApiFailure.Kind.TOO_LARGE ? ": narrow resources.match" : ""));
                return null;
            }
            int n = a.series().size();
            if (n > 1) {
                v.add(field + ".match", f.json() + ": " + q + " matched " + n + " series, "
                        + a.series().stream().limit(SHOWN).map(Series::describe).collect(Collectors.joining(", "))
                        + (n > SHOWN ? ", ..." : "") + ": narrow resources.match to one target");
                return null;
            }
            if (n == 1) {
                return q;
            }
        }
        String tried = String.join(" nor ", queries);
        if (f == Figure.CPU) { // the user's own query names its series itself; a preset's are narrowed by the match
            v.add(spec.queries().containsKey(f.json()) ? queryField : field + ".match", "cpu: " + tried + " matched no series");
        } else if (f == Figure.LIMIT) {
            warnings.add("limit: " + tried + " matched no series: no CPU quota seen, limit and throttled will be null");
        } else {
            warnings.add(f.json() + ": " + tried + " matched no series: it will be unmeasured");
        }
        return null;
    }

    @Override
    public ResourceWindow open() {
        return new PrometheusWindow(this, clock, ingestMargin);
    }
}
