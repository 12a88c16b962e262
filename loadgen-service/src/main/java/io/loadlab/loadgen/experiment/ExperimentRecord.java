package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.job.JobRecord;
import io.loadlab.loadgen.run.RunState;
import io.quarkus.runtime.annotations.RegisterForReflection;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One experiment as it is kept, persisted and shown: one JSON file per experiment. Immutable; each step
 * (a link measured, a cell done, the end) makes a new record.
 *
 * @param runsPlanned the most runs it will start (cells or probes, plus capacity measurements)
 * @param runsDone    runs started and finished so far
 * @param currentRun  the run now driving load, null between runs and once finished
 * @param currentCell target and variant of the current run, null when none
 * @param scaling     filled in once finished
 * @param failure     why it failed, null unless failed
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExperimentRecord(String id, RunState state, ExperimentSpec spec, Instant createdAt, Instant startedAt,
                               Instant finishedAt, int runsPlanned, int runsDone, String currentRun, String currentCell,
                               List<LinkCapacity> links, List<CellResult> cells, List<SearchResult> searches,
                               List<ScalingRow> scaling, String failure) implements JobRecord {

    public ExperimentRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(createdAt, "createdAt");
        links = links == null ? List.of() : List.copyOf(links);
        cells = cells == null ? List.of() : List.copyOf(cells);
        searches = searches == null ? List.of() : List.copyOf(searches);
        scaling = scaling == null ? List.of() : List.copyOf(scaling);
    }

    @Override
    public boolean ended() {
        return state.finished();
    }

    public static ExperimentRecord started(String id, ExperimentSpec spec, Instant now) {
        return new ExperimentRecord(id, RunState.RUNNING, spec, now, now, null, spec.maxRuns(), 0, null, null,
                null, null, null, null, null);
    }

    public ExperimentRecord running(String runId, String cell) {
        return new ExperimentRecord(id, state, spec, createdAt, startedAt, null, runsPlanned, runsDone, runId, cell,
                links, cells, searches, scaling, null);
    }

    public ExperimentRecord withLink(LinkCapacity link) {
        return new ExperimentRecord(id, state, spec, createdAt, startedAt, null, runsPlanned,
                runsDone + (link.runId() != null ? 1 : 0), null, null, plus(links, link), cells, searches, scaling, null);
    }

    public ExperimentRecord withCell(CellResult cell) {
        return new ExperimentRecord(id, state, spec, createdAt, startedAt, null, runsPlanned, runsDone + 1, null, null,
                links, plus(cells, cell), searches, scaling, null);
    }

    public ExperimentRecord withSearch(SearchResult search) {
        return new ExperimentRecord(id, state, spec, createdAt, startedAt, null, runsPlanned, runsDone, null, null,
                links, cells, plus(searches, search), scaling, null);
    }

    public ExperimentRecord finished(RunState end, Instant now, String failure) {
        if (!end.finished()) {
            throw new IllegalArgumentException("not an end state: " + end);
        }
        return new ExperimentRecord(id, end, spec, createdAt, startedAt, now, runsPlanned, runsDone, null, null,
                links, cells, searches, Scaling.of(cells), failure);
    }

    private static <T> List<T> plus(List<T> list, T item) {
        List<T> out = new ArrayList<>(list);
        out.add(item);
        return out;
    }
}
