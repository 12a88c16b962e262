package io.loadlab.loadgen.page;

import io.loadlab.loadgen.report.PercentilePoint;
import io.loadlab.loadgen.report.SeriesPoint;
import io.loadlab.loadgen.run.ReportTable;
import io.quarkus.qute.TemplateData;

import java.util.List;

/**
 * What the run page shows of one run: its identity, headline figures and latency summaries, the percentile
 * distribution of its histogram, its per-second series and its request mix's names (empty lists where the run has
 * none), and the same numbers as the charts' JSON.
 *
 * @param counted   what the per-second series counts, as the run's kind names it ({@code RunKind#countNoun})
 * @param disturbed why the report says the generator was held up while it measured, or null
 * @param gate      the verdict on its thresholds (and baseline), null when it asked for none
 * @param tables    the tables its kind makes of its report ({@code RunKind#tables}: an iperf run's directions and
 *                  seconds, a distributed run's agents), each shown as it is; empty for most kinds
 * @param chartJson the charts' data, already JSON and safe inside a {@code <script>} element
 */
@TemplateData
@TemplateData(target = PercentilePoint.class)
@TemplateData(target = SeriesPoint.class)
@TemplateData(target = ReportTable.class)
@TemplateData(target = ReportTable.Row.class)
public record RunPageView(String id, String kind, String counted, String state, String target, String createdAt, String startedAt,
                          String finishedAt, String failure, String disturbed, boolean finished, ReportFigures figures,
                          List<PercentilePoint> percentiles, List<SeriesPoint> series, List<MixRow> mix,
                          String chartJson, GateView gate, List<ReportTable> tables) {

    public RunPageView {
        mix = List.copyOf(mix);
        percentiles = List.copyOf(percentiles);
        series = List.copyOf(series);
        tables = List.copyOf(tables);
    }
}
