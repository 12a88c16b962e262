package io.loadlab.loadgen.run;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunRecord(String id, RunState state, RunSpec spec, Instant createdAt, Instant startedAt,
                        Instant finishedAt, RunReport report, String histogram, String failure) implements JobRecord {

    public RunRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    @Override
    public boolean ended() {
        return state.finished();
    }

    public static RunRecord queued(String id, RunSpec spec, Instant now) {
        return new RunRecord(id, RunState.QUEUED, spec, now, null, null, null, null, null);
    }

    public RunRecord running(Instant now) {
        return new RunRecord(id, RunState.RUNNING, spec, createdAt, now, null, null, null, null);
    }

    /** The same record showing {@code shown} as its spec: what a reader without the token gets. */
    public RunRecord withSpec(RunSpec shown) {
        return new RunRecord(id, state, shown, createdAt, startedAt, finishedAt, report, histogram, failure);
    }

    public RunRecord finished(RunState end, Instant now, RunReport report, String histogram, String failure) {
        if (!end.finished()) {
            throw new IllegalArgumentException("not an end state: " + end);
        }
        return new RunRecord(id, end, spec, createdAt, startedAt, now, report, histogram, failure);
    }
}
