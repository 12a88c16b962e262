package io.loadlab.loadgen.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.gate.BaselineComparison;
import io.loadlab.loadgen.gate.GateResult;
import io.loadlab.loadgen.gate.GateSpec;
import io.loadlab.loadgen.job.JobRecord;
import io.loadlab.loadgen.report.RunReport;
import io.quarkus.runtime.annotations.RegisterForReflection;

import java.time.Instant;
import java.util.Objects;

/**
 * One run as it is kept and persisted: one JSON file per run. Immutable; each step of the
 * lifecycle makes a new record.
 *
 * @param histogram the latency histogram (nanoseconds) as HdrHistogram's compressed base64, null if none
 * @param failure   why the run failed, null unless {@code state} is failed
 * @param thresholds what the run is judged against, as asked at POST ({@code "thresholds"} beside the spec's own
 *                   fields); null (absent) when none
 * @param baseline   the run or experiment it is compared with, as asked at POST; null (absent) when none
 * @param gate       once finished, when it asked for thresholds or a baseline: the judgement; null (absent) otherwise
 * @param comparison once finished, when it named a baseline: each figure against it; null (absent) otherwise
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunRecord(String id, RunState state, RunSpec spec, Instant createdAt, Instant startedAt,
                        Instant finishedAt, RunReport report, String histogram, String failure, GateSpec thresholds,
                        String baseline, GateResult gate, BaselineComparison comparison) implements JobRecord {

    public RunRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    /** A run that asked for no thresholds and no baseline, as every one before them. */
    public RunRecord(String id, RunState state, RunSpec spec, Instant createdAt, Instant startedAt,
                     Instant finishedAt, RunReport report, String histogram, String failure) {
        this(id, state, spec, createdAt, startedAt, finishedAt, report, histogram, failure, null, null, null, null);
    }

    @Override
    public boolean ended() {
        return state.finished();
    }

    public static RunRecord queued(String id, RunSpec spec, Instant now) {
        return new RunRecord(id, RunState.QUEUED, spec, now, null, null, null, null, null);
    }

    public RunRecord running(Instant now) {
        return new RunRecord(id, RunState.RUNNING, spec, createdAt, now, null, null, null, null, thresholds, baseline,
                null, null);
    }

    /** The same record showing {@code shown} as its spec: what a reader without the token gets. */
    public RunRecord withSpec(RunSpec shown) {
        return new RunRecord(id, state, shown, createdAt, startedAt, finishedAt, report, histogram, failure, thresholds,
                baseline, gate, comparison);
    }

    public RunRecord finished(RunState end, Instant now, RunReport report, String histogram, String failure) {
        if (!end.finished()) {
            throw new IllegalArgumentException("not an end state: " + end);
        }
        return new RunRecord(id, end, spec, createdAt, startedAt, now, report, histogram, failure, thresholds, baseline,
                null, null);
    }

    /** The same record asking to be judged against {@code asked} and compared with {@code baselineId} (both may be null). */
    public RunRecord judgedBy(GateSpec asked, String baselineId) {
        return new RunRecord(id, state, spec, createdAt, startedAt, finishedAt, report, histogram, failure, asked,
                baselineId, gate, comparison);
    }

    /** The finished record with its judgement (and comparison, when it named a baseline). */
    public RunRecord judged(GateResult judgement, BaselineComparison compared) {
        return new RunRecord(id, state, spec, createdAt, startedAt, finishedAt, report, histogram, failure, thresholds,
                baseline, judgement, compared);
    }
}
