package io.loadlab.loadgen.calibrate;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.job.JobRecord;
import io.loadlab.loadgen.run.RunState;

import java.time.Instant;
import java.util.Objects;

/**
 * A calibration as the {@code Jobs} registry keeps it: running, then completed with its {@link Calibration}, or
 * cancelled or failed with why. Immutable; each step makes a new one.
 *
 * @param currentRun the run driving load now; null between runs and once ended
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CalibrationRecord(String id, RunState state, CalibrationSpec spec, Instant createdAt, Instant finishedAt,
                               String currentRun, Calibration result, String failure) implements JobRecord {

    public CalibrationRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(spec, "spec");
    }

    @Override
    public boolean ended() {
        return state.finished();
    }

    public static CalibrationRecord started(String id, CalibrationSpec spec, Instant now) {
        return new CalibrationRecord(id, RunState.RUNNING, spec, now, null, null, null, null);
    }

    public CalibrationRecord running(String runId) {
        return new CalibrationRecord(id, state, spec, createdAt, null, runId, null, null);
    }

    public CalibrationRecord finished(RunState end, Instant now, Calibration found, String why) {
        if (!end.finished()) {
            throw new IllegalArgumentException("not an end state: " + end);
        }
        return new CalibrationRecord(id, end, spec, createdAt, now, null, found, why);
    }
}
