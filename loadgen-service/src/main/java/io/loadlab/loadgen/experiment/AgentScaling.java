package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.controller.DistributedRunSpec;
import io.loadlab.loadgen.engine.RateSchedule;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.UnsplittableSpecException;

import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;

/**
 * On how many load generators a cell runs: this loadgen alone (no {@code agents}), the count or {@code all} the spec
 * names, or with {@code agents: auto} 1, 2, 4... agents until the cell is no longer loadgen-bound, every agent found
 * is in use, or the cell's run cannot be split further. A doubled run that did not complete (a target that takes
 * fewer tests at once, such as an iperf3 server past its {@code max-clients}, refuses the extra agents) ends the
 * climb, and the cell keeps the last run that completed.
 */
final class AgentScaling {

    /** Runs and judges one cell's run on {@code agents} generators (0: this loadgen alone). */
    @FunctionalInterface
    interface Measure {
        CellResult measure(RunSpec run, int agents, Consumer<String> started);
    }

    /** The agents discovery finds now; 0 when it finds none (the run then fails, naming the setting). */
    private final IntSupplier found;

    AgentScaling(IntSupplier found) {
        this.found = found;
    }

    /**
     * Runs the cell as {@code agents} says; with {@code auto}, the row kept is the last run's, with how many agents
     * it used.
     *
     * @param agents  the experiment's setting: null, a count, {@code all} or {@code auto}
     * @param started told each run's id and how many load generators drive it
     */
    CellResult run(String agents, IntUnaryOperator splittable, RunSpec cell, Measure measure,
                   BiConsumer<String, Integer> started, BooleanSupplier cancelled) {
        if (agents == null) {
            return measure.measure(cell, 0, runId -> started.accept(runId, 1));
        }
        if (!ExperimentSpec.AUTO.equals(agents)) {
            int n = DistributedRunSpec.ALL.equals(agents) ? found.getAsInt() : DistributedRunSpec.count(agents);
            return measure.measure(new DistributedRunSpec(agents, cell), n, runId -> started.accept(runId, n));
        }
        int most = Math.max(1, splittable.applyAsInt(found.getAsInt()));
        CellResult completed = null;
        for (int n = 1; ; n = next(n, most)) {
            int used = n;
            CellResult r = measure.measure(new DistributedRunSpec(String.valueOf(n), cell), n,
                    runId -> started.accept(runId, used));
            if (completed != null && !COMPLETED.equals(r.runState())) {
                return completed;
            }
            if (n >= most || cancelled.getAsBoolean() || !Verdict.LOADGEN.equals(r.verdict().verdict())) {
                return r;
            }
            completed = COMPLETED.equals(r.runState()) ? r : null;
        }
    }

    private static final String COMPLETED = io.loadlab.loadgen.run.RunState.COMPLETED.json();

    /** The most agents {@code auto} tries: those found, at most what {@code v} splits over, at least 1. */
    static int most(int found, Variant v) {
        return Math.max(1, Math.min(found, splittable(v)));
    }

    /**
     * The most agents, up to {@code found}, that {@code kind} splits {@code cell} over: what the kind's own split
     * takes ({@code iperf}: one stream each at least; UDP: 0.1 messages/s each at least).
     */
    static int splittable(RunKind<?, ?> kind, RunSpec cell, int found) {
        for (int n = Math.min(found, DistributedRunSpec.MAX_AGENTS); n > 1; n--) {
            try {
                kind.parts(cell, n);
                return n;
            } catch (UnsplittableSpecException e) {
                // fewer then
            }
        }
        return 1;
    }

    /** The next count {@code auto} tries after {@code n}: twice as many, at most {@code most}. */
    static int next(int n, int most) {
        return Math.min(most, n * 2);
    }

    /**
     * The most agents {@code v} can be split over: each needs a thread (threads never exceed connections) and, in
     * the open model, at least the lowest rate a run takes. Beyond that, {@code auto} would fail the run it asked for.
     */
    static int splittable(Variant v) {
        long byRate = v.rate() > 0 ? (long) Math.floor(v.rate() / RateSchedule.MIN_PER_SECOND) : Long.MAX_VALUE;
        return (int) Math.min(v.threads(), byRate);
    }
}
