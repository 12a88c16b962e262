package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.calibrate.Calibration;
import io.loadlab.loadgen.calibrate.CellLoad;
import io.loadlab.loadgen.calibrate.Shape;
import io.loadlab.loadgen.calibrate.Suspect;
import io.loadlab.loadgen.calibrate.SuspectCells;
import io.loadlab.loadgen.job.JobRecord;
import io.loadlab.loadgen.gate.BaselineComparison;
import io.loadlab.loadgen.gate.GateResult;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.stats.Bootstrap;
import io.quarkus.runtime.annotations.RegisterForReflection;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * One experiment as it is kept, persisted and shown: one JSON file per experiment. Immutable; each step
 * (a link measured, a cell done, the end) makes a new record.
 *
 * @param runsPlanned the most runs it will start (cells or probes, plus capacity measurements)
 * @param runsDone    runs started and finished so far
 * @param currentRun  the run now driving load, null between runs and once finished
 * @param currentCell target and variant of the current run, null when none
 * @param scaling     filled in once finished
 * @param stats       each cell's median and 95% interval over its repeats, filled in once finished; the bootstrap is
 *                    seeded from the id, so the same runs always give the same intervals
 * @param calibration the generator's ceiling measured before the cells, with {@code calibrate: true}; else null
 * @param suspects    cells whose rate passed {@code loadgen.experiments.suspect-share} of that ceiling, with the
 *                    figures; flagged once finished
 * @param failure     why it failed, null unless failed
 * @param warnings    what the sources' checks before any load warned of; null when none (and in records from before)
 * @param gate        once finished, when the spec asked for thresholds or a baseline: the judgement over every cell;
 *                    null (absent) otherwise
 * @param comparison  once finished, when the spec named a baseline: each cell's figures against it; null otherwise
 * @param warmupPass  the uncounted first pass over the cells, when one ran: what its discarded runs measured; null
 *                    (absent) otherwise
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExperimentRecord(String id, RunState state, ExperimentSpec spec, Instant createdAt, Instant startedAt,
                               Instant finishedAt, long runsPlanned, int runsDone, String currentRun, String currentCell,
                               List<LinkCapacity> links, List<CellResult> cells, List<SearchResult> searches,
                               List<ScalingRow> scaling, List<CellStats> stats, Calibration calibration,
                               List<Suspect> suspects, String failure, List<String> warnings, GateResult gate,
                               BaselineComparison comparison, WarmupPass warmupPass) implements JobRecord {

    /** At most this many warnings are kept, each cut to {@link #MAX_WARNING} characters. */
    public static final int MAX_WARNINGS = 50;
    public static final int MAX_WARNING = 512;

    public ExperimentRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(createdAt, "createdAt");
        links = links == null ? List.of() : List.copyOf(links);
        cells = cells == null ? List.of() : List.copyOf(cells);
        searches = searches == null ? List.of() : List.copyOf(searches);
        scaling = scaling == null ? List.of() : List.copyOf(scaling);
        stats = stats == null ? List.of() : List.copyOf(stats);
        suspects = suspects == null ? List.of() : List.copyOf(suspects);
        warnings = warnings == null || warnings.isEmpty() ? null : warnings.stream().limit(MAX_WARNINGS)
                .map(w -> w.length() > MAX_WARNING ? w.substring(0, MAX_WARNING) : w).toList();
    }

    /** A record without a judgement, a comparison or a warm-up pass, as every one before them. */
    public ExperimentRecord(String id, RunState state, ExperimentSpec spec, Instant createdAt, Instant startedAt,
                            Instant finishedAt, long runsPlanned, int runsDone, String currentRun, String currentCell,
                            List<LinkCapacity> links, List<CellResult> cells, List<SearchResult> searches,
                            List<ScalingRow> scaling, List<CellStats> stats, Calibration calibration,
                            List<Suspect> suspects, String failure, List<String> warnings) {
        this(id, state, spec, createdAt, startedAt, finishedAt, runsPlanned, runsDone, currentRun, currentCell, links,
                cells, searches, scaling, stats, calibration, suspects, failure, warnings, null, null, null);
    }

    @Override
    public boolean ended() {
        return state.finished();
    }

    public static ExperimentRecord started(String id, ExperimentSpec spec, Instant now) {
        return new ExperimentRecord(id, RunState.RUNNING, spec, now, now, null, spec.maxRuns(), 0, null, null,
                null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** The record as a reader without the token sees it: its spec {@link ExperimentSpec#redacted}. */
    public ExperimentRecord redacted() {
        return new ExperimentRecord(id, state, spec.redacted(), createdAt, startedAt, finishedAt, runsPlanned, runsDone,
                currentRun, currentCell, links, cells, searches, scaling, stats, calibration, suspects, failure, warnings, gate, comparison, warmupPass);
    }

    /** The record as a reader with the token sees it: its spec's TLS keys hidden ({@link ExperimentSpec#keysHidden}). */
    public ExperimentRecord keysHidden() {
        return new ExperimentRecord(id, state, spec.keysHidden(), createdAt, startedAt, finishedAt, runsPlanned, runsDone,
                currentRun, currentCell, links, cells, searches, scaling, stats, calibration, suspects, failure, warnings, gate, comparison, warmupPass);
    }

    /** The checks' warnings before any load (a cell spanning fewer than 4 scrapes ...), kept with the record. */
    public ExperimentRecord withWarnings(List<String> found) {
        return new ExperimentRecord(id, state, spec, createdAt, startedAt, finishedAt, runsPlanned, runsDone, currentRun,
                currentCell, links, cells, searches, scaling, stats, calibration, suspects, failure, found, gate, comparison, warmupPass);
    }

    public ExperimentRecord running(String runId, String cell) {
        return new ExperimentRecord(id, state, spec, createdAt, startedAt, null, runsPlanned, runsDone, runId, cell,
                links, cells, searches, scaling, stats, calibration, suspects, null, warnings, gate, comparison, warmupPass);
    }

    public ExperimentRecord withLink(LinkCapacity link) {
        return new ExperimentRecord(id, state, spec, createdAt, startedAt, null, runsPlanned,
                runsDone + (link.runId() != null ? 1 : 0), null, null, plus(links, link), cells, searches, scaling, stats, calibration, suspects, null, warnings, gate, comparison, warmupPass);
    }

    public ExperimentRecord withCell(CellResult cell) {
        return withCell(cell, 1);
    }

    /** @param runs the runs the cell took: more than one when {@code agents: auto} ran it again on more agents */
    public ExperimentRecord withCell(CellResult cell, int runs) {
        return new ExperimentRecord(id, state, spec, createdAt, startedAt, null, runsPlanned, runsDone + runs, null, null,
                links, plus(cells, cell), searches, scaling, stats, calibration, suspects, null, warnings, gate, comparison, warmupPass);
    }

    public ExperimentRecord withSearch(SearchResult search) {
        return new ExperimentRecord(id, state, spec, createdAt, startedAt, null, runsPlanned, runsDone, null, null,
                links, cells, plus(searches, search), scaling, stats, calibration, suspects, null, warnings, gate, comparison, warmupPass);
    }

    public ExperimentRecord finished(RunState end, Instant now, String failure) {
        if (!end.finished()) {
            throw new IllegalArgumentException("not an end state: " + end);
        }
        List<CellStats> stats = CellStats.of(cells, Bootstrap.standard(), new SplittableRandom(id.hashCode()));
        return new ExperimentRecord(id, end, spec, createdAt, startedAt, now, runsPlanned, runsDone, null, null,
                links, cells, searches, Scaling.of(stats), stats, calibration, suspects, failure, warnings, gate, comparison, warmupPass);
    }

    /** The ceiling measured before the cells: its three runs count as done. */
    public ExperimentRecord withCalibration(Calibration found) {
        return new ExperimentRecord(id, state, spec, createdAt, startedAt, null, runsPlanned,
                runsDone + found.measurements().size(), null, null, links, cells, searches, scaling, stats, found,
                suspects, null, warnings, gate, comparison, warmupPass);
    }

    /**
     * The cells whose rate reached {@code share} of the calibrated ceiling for their shape and event loops; the
     * same record when there is no calibration.
     */
    public ExperimentRecord flagged(double share) {
        if (calibration == null) {
            return this;
        }
        Map<String, Variant> variants = new java.util.HashMap<>();
        spec.variants().forEach(v -> variants.put(v.label(), v));
        List<CellLoad> loads = new ArrayList<>();
        for (CellResult c : cells) {
            Variant v = variants.get(c.variant());
            if (v != null) {
                loads.add(new CellLoad(c.target(), c.variant(), c.runId(),
                        v.keepAlive() ? Shape.HTTP_KEEP_ALIVE : Shape.HTTP_CLOSE, v.threads(), c.requestsPerSecond()));
            }
        }
        return new ExperimentRecord(id, state, spec, createdAt, startedAt, finishedAt, runsPlanned, runsDone,
                currentRun, currentCell, links, cells, searches, scaling, stats, calibration,
                SuspectCells.flag(calibration.ceiling(), share, loads), failure, warnings, gate, comparison, warmupPass);
    }

    /** The finished record with its judgement and comparison (either may be null). */
    public ExperimentRecord judged(GateResult judgement, BaselineComparison compared) {
        return new ExperimentRecord(id, state, spec, createdAt, startedAt, finishedAt, runsPlanned, runsDone,
                currentRun, currentCell, links, cells, searches, scaling, stats, calibration, suspects, failure, warnings,
                judgement, compared, warmupPass);
    }

    /**
     * One more run of the warm-up pass: its row goes to {@link #warmupPass}, never to {@link #cells}, so neither the
     * stats, the verdict tables, the CSV nor the gate see it; its runs count as done.
     *
     * @param runs the runs the cell took: more than one when {@code agents: auto} ran it again on more agents
     */
    public ExperimentRecord withWarmupCell(CellResult cell, int runs) {
        return new ExperimentRecord(id, state, spec, createdAt, startedAt, null, runsPlanned, runsDone + runs, null, null,
                links, cells, searches, scaling, stats, calibration, suspects, null, warnings, gate, comparison,
                new WarmupPass(plus(warmupPass == null ? List.of() : warmupPass.cells(), cell)));
    }

    /** The record with its warm-up pass so far: a discarded cell run added. */
    public ExperimentRecord withWarmupPass(WarmupPass pass) {
        return new ExperimentRecord(id, state, spec, createdAt, startedAt, finishedAt, runsPlanned, runsDone,
                currentRun, currentCell, links, cells, searches, scaling, stats, calibration, suspects, failure, warnings,
                gate, comparison, pass);
    }

    private static <T> List<T> plus(List<T> list, T item) {
        List<T> out = new ArrayList<>(list);
        out.add(item);
        return out;
    }
}
