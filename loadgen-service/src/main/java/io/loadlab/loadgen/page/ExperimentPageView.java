package io.loadlab.loadgen.page;

import io.loadlab.loadgen.experiment.CellResult;
import io.loadlab.loadgen.experiment.Evidence;
import io.loadlab.loadgen.experiment.ExperimentRecord;
import io.loadlab.loadgen.experiment.ExperimentSpec;
import io.loadlab.loadgen.experiment.ProbePoint;
import io.loadlab.loadgen.experiment.ScalingRow;
import io.loadlab.loadgen.experiment.SearchResult;
import io.loadlab.loadgen.experiment.Verdict;
import io.quarkus.qute.TemplateData;

/**
 * What the experiment page shows: the record itself (its cells, verdicts with evidence, searches and scaling), the
 * SLO a search aimed at, and the charts' data as JSON.
 *
 * @param sloP99Millis the search's p99 limit, null when the experiment searched no rate
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
public record ExperimentPageView(ExperimentRecord x, String state, boolean finished, Double sloP99Millis, String chartJson) {
}
