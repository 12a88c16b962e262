package io.loadlab.loadgen.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.run.CellFigures;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.run.UrlSecrets;

import java.time.Instant;

/**
 * A run as {@code GET /runs} lists it: who, what, when and its headline figures, never its spec's headers or body,
 * series or histogram. A record of an hour's per-second series is about 480 KB; a page of 100 whole records was
 * 42 MB, and 32 such lists at once ran a 512 MB loadgen out of direct memory mid-run. A summary is under 1 KB;
 * {@code GET /runs/{id}} still gives the whole run.
 *
 * @param target            the spec's target URI, its userinfo and query values hidden for every reader: a summary
 *                          carries no secret (issue 42: {@code user:pass@} and {@code ?token=} were shown to anyone)
 * @param failure           why it failed, cut to {@value #MAX_FAILURE} characters
 * @param requestsPerSecond answered per second of the measured part; null without a report or for a kind with no
 *                          such figure
 * @param p99Micros         the measured part's 99th percentile latency, likewise
 * @param disturbed         true when the report says the generator was held up while it measured
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunSummary(String id, String kind, RunState state, String target, Instant createdAt, Instant startedAt,
                         Instant finishedAt, String failure, Double requestsPerSecond, Long errors, Double p50Micros,
                         Double p99Micros, Double maxMicros, boolean disturbed) {

    static final int MAX_FAILURE = 300;

    /** @param figures the run's headline figures as its kind gives them, or null */
    public static RunSummary of(RunRecord r, CellFigures figures) {
        LatencySummary l = figures == null ? null : figures.latencyMicros();
        return new RunSummary(r.id(), r.spec().kind(), r.state(), String.valueOf(UrlSecrets.redacted(r.spec().target())), r.createdAt(),
                r.startedAt(), r.finishedAt(), cut(r.failure()),
                figures == null ? null : figures.requestsPerSecond(), figures == null ? null : figures.errors(),
                l == null ? null : l.p50(), l == null ? null : l.p99(), l == null ? null : l.max(),
                r.report() != null && r.report().disturbed() != null);
    }

    /** {@code s} cut to {@value #MAX_FAILURE} characters: a failure names its cause in far fewer. */
    static String cut(String s) {
        return s == null || s.length() <= MAX_FAILURE ? s : s.substring(0, MAX_FAILURE) + "...";
    }
}
