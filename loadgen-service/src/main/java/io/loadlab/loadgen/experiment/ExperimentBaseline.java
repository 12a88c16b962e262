package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.gate.BaselineComparison;
import io.loadlab.loadgen.gate.BaselineFigure;
import io.loadlab.loadgen.gate.BaselineJudge;
import io.loadlab.loadgen.gate.CellIntervals;
import io.loadlab.loadgen.gate.GateResult;
import io.loadlab.loadgen.gate.Judge;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.run.Violations;
import io.loadlab.loadgen.stats.Interval;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * An experiment's {@code baseline}: checked at POST (it exists, it completed, it shares cells with this one, neither
 * side searches) and, once this one ends, its cells' {@code stats} judged against the baseline's by {@link
 * BaselineJudge}. Cells are the same when their target name, variant label and protocol label are.
 */
public final class ExperimentBaseline {

    /** Cells a refusal names before "...": a message is one line. */
    static final int NAMED_CELLS = 4;

    private ExperimentBaseline() {
    }

    /**
     * Names {@code baseline} in {@code v} when {@code spec}'s baseline cannot be compared with: unknown, not completed,
     * a search on either side, or no cell in common.
     */
    public static void check(Violations v, ExperimentSpec spec, Function<String, Optional<ExperimentRecord>> find) {
        if (spec.baseline() == null) {
            return;
        }
        Optional<ExperimentRecord> found = find.apply(spec.baseline());
        if (!v.check(found.isPresent(), "baseline", "no experiment " + spec.baseline())) {
            return;
        }
        ExperimentRecord b = found.get();
        if (!v.check(b.state() == RunState.COMPLETED, "baseline", "experiment " + b.id() + " is " + b.state().json()
                + "; a baseline must have completed")) {
            return;
        }
        if (!v.check(spec.search() == null && b.spec().search() == null, "baseline",
                "a search is not compared with a baseline: its probes are not repeated cells")) {
            return;
        }
        Set<String> mine = cells(spec);
        Set<String> theirs = cells(b.spec());
        v.check(theirs.stream().anyMatch(mine::contains), "baseline", "experiment " + b.id()
                + " shares no cell (target name, variant label, protocol) with this one: it has "
                + String.join(", ", theirs.stream().limit(NAMED_CELLS).toList())
                + (theirs.size() > NAMED_CELLS ? ", ..." : "") + "; this one has "
                + String.join(", ", mine.stream().limit(NAMED_CELLS).toList()) + (mine.size() > NAMED_CELLS ? ", ..." : ""));
    }

    /**
     * The finished record {@code x} with its comparison and gate: when its spec names no baseline, {@code x} itself.
     *
     * @param baseline the baseline's record as found when {@code x} started (a completed record does not change);
     *                 empty when it is no longer kept
     */
    public static ExperimentRecord judged(ExperimentRecord x, Optional<ExperimentRecord> baseline) {
        if (x.spec().baseline() == null) {
            return x;
        }
        BaselineComparison compared = baseline.map(b -> compare(b, x))
                .orElseGet(() -> new BaselineComparison(x.spec().baseline(), List.of(),
                        "the baseline " + x.spec().baseline() + " is no longer kept"));
        GateResult judged = x.gate(); // the thresholds' verdict, when the experiment asked for thresholds too
        String failure = x.state() != RunState.COMPLETED
                ? "the experiment " + x.state().json() + (x.failure() == null ? "" : ": " + x.failure())
                // a cell's run that failed (or was aborted) fails the thresholds' gate whatever their figures: kept
                : judged != null && !judged.passed() && judged.thresholds().stream().allMatch(t -> t.passed())
                ? judged.reason() : null;
        return x.judged(Judge.verdict(judged == null ? List.of() : judged.thresholds(), failure,
                judged == null ? null : judged.abortedBy(), compared), compared);
    }

    /** {@code current}'s cells against {@code baseline}'s, as {@link #judged} compares them (for {@code GET /compare}). */
    public static BaselineComparison compare(ExperimentRecord baseline, ExperimentRecord current) {
        return BaselineJudge.compare(baseline.id(), intervals(baseline), intervals(current));
    }

    /** Each cell's name: {@code target/variant[/protocol]}. */
    static String name(String target, String variant, String protocol) {
        return target + '/' + variant + (protocol == null ? "" : "/" + protocol);
    }

    /** The cells {@code spec} runs, by name, in its order. */
    static Set<String> cells(ExperimentSpec spec) {
        Set<String> out = new LinkedHashSet<>();
        for (ExperimentTarget t : spec.targets()) {
            for (Variant v : spec.variants()) {
                for (ExperimentProtocol p : spec.cellProtocols()) {
                    out.add(name(t.name(), v.label(), spec.protocols() == null ? null : p.label()));
                }
            }
        }
        return out;
    }

    /** Each cell's intervals over its completed repeats, as the judge takes them. */
    static List<CellIntervals> intervals(ExperimentRecord x) {
        List<CellIntervals> out = new ArrayList<>();
        for (CellStats c : x.stats()) {
            Map<BaselineFigure, Interval> figures = new EnumMap<>(BaselineFigure.class);
            figures.put(BaselineFigure.REQUESTS_PER_SECOND, c.requestsPerSecond());
            figures.put(BaselineFigure.P99_MILLIS, c.p99Millis());
            out.add(new CellIntervals(name(c.target(), c.variant(), c.protocol()), figures));
        }
        return out;
    }
}
