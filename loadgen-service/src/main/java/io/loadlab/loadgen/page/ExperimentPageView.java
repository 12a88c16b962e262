package io.loadlab.loadgen.page;

import io.loadlab.loadgen.experiment.CellResult;
import io.loadlab.loadgen.experiment.Evidence;
import io.loadlab.loadgen.experiment.ExperimentRecord;
import io.loadlab.loadgen.experiment.ExperimentSpec;
import io.loadlab.loadgen.experiment.ProbePoint;
import io.loadlab.loadgen.experiment.ScalingRow;
import io.loadlab.loadgen.experiment.SearchResult;
import io.loadlab.loadgen.experiment.Verdict;
import io.loadlab.loadgen.experiment.WarmupPass;
import io.loadlab.loadgen.gate.BaselineComparison;
import io.quarkus.qute.TemplateData;

import java.util.List;

/**
 * What the experiment page shows: the record itself (its cells, verdicts with evidence, searches and scaling), the
 * SLO a search aimed at, the charts' data as JSON, and in words people read the verdict on its thresholds, each
 * cell's repeats with their intervals and the comparison with its baseline.
 *
 * @param sloP99Millis the search's p99 limit, null when the experiment searched no rate
 * @param gate         the verdict on its thresholds and baseline; null when it asked for neither
 * @param repeats      one row per cell with a completed run, once finished; empty before
 * @param changes      each cell's figures against the baseline; empty without one
 * @param live         the run now driving load and its progress, while it runs one; null otherwise
 */
@TemplateData
@TemplateData(target = ExperimentRecord.class)
@TemplateData(target = ExperimentSpec.class)
@TemplateData(target = CellResult.class)
@TemplateData(target = Verdict.class)
@TemplateData(target = Evidence.class)
@TemplateData(target = ScalingRow.class)
@TemplateData(target = SearchResult.class)
@TemplateData(target = ProbePoint.class)
@TemplateData(target = BaselineComparison.class)
@TemplateData(target = WarmupPass.class)
public record ExperimentPageView(ExperimentRecord x, String state, boolean finished, Double sloP99Millis, String chartJson,
                                 GateView gate, List<RepeatRow> repeats, List<ChangeRow> changes,
                                 LivePanel live) {

    public ExperimentPageView {
        repeats = List.copyOf(repeats);
        changes = List.copyOf(changes);
    }

    static ExperimentPageView of(ExperimentRecord x, Double slo, String chartJson) {
        return of(x, slo, chartJson, null);
    }

    static ExperimentPageView of(ExperimentRecord x, Double slo, String chartJson, LivePanel live) {
        return new ExperimentPageView(x, x.state().json(), x.state().finished(), slo, chartJson, GateView.of(x.gate()),
                RepeatRow.of(x), ChangeRow.of(x.comparison()), live);
    }

    /** Whether any cell ran more than once: only then do intervals say anything of noise. */
    public boolean repeated() {
        return repeats.stream().anyMatch(r -> r.repeats() > 1);
    }
}
