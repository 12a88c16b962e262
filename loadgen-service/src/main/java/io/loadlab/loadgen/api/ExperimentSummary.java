package io.loadlab.loadgen.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.experiment.ExperimentRecord;
import io.loadlab.loadgen.run.RunState;

import java.time.Instant;

/**
 * An experiment as {@code GET /experiments} lists it: its name, state, times and progress, without its cells,
 * searches and scaling (a whole record grows with every cell; {@code GET /experiments/{id}} gives it).
 *
 * @param failure why it failed, cut to {@value RunSummary#MAX_FAILURE} characters
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExperimentSummary(String id, String name, RunState state, Instant createdAt, Instant startedAt,
                                Instant finishedAt, long runsPlanned, int runsDone, String currentRun, String failure) {

    public static ExperimentSummary of(ExperimentRecord x) {
        return new ExperimentSummary(x.id(), x.spec().name(), x.state(), x.createdAt(), x.startedAt(), x.finishedAt(),
                x.runsPlanned(), x.runsDone(), x.currentRun(), RunSummary.cut(x.failure()));
    }
}
