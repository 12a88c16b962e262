package io.loadlab.loadgen.page;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.api.ApiException;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.PercentileCurve;
import io.loadlab.loadgen.report.PercentilePoint;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.report.SeriesPoint;
import io.loadlab.loadgen.run.ReportTable;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.Runs;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a run through the registry and makes the view its pages show. Shared by the run page and the comparison. */
@ApplicationScoped
public class RunPages {

    @Inject
    Runs registry;
    @Inject
    ObjectMapper json;
    @Inject
    RunKinds kinds;

    /**
     * The run as pages show it: its spec's secrets redacted whoever asks, since no page shows a spec's headers or body
     * and a page is often shared further than the token.
     *
     * @throws ApiException 404 naming the run when there is none by that id
     */
    public RunRecord found(String id) {
        return kinds.redacted(registry.find(id).orElseThrow(() -> new ApiException(404, "no run " + id)));
    }

    public RunPageView view(RunRecord r) {
        JsonNode report = r.report() == null ? json.createObjectNode() : json.valueToTree(r.report());
        List<PercentilePoint> curve = r.histogram() == null ? List.of()
                : PercentileCurve.ofNanos(HistogramCodec.decode(r.histogram()));
        RunSeries series = r.report() == null ? RunSeries.EMPTY : r.report().series();
        Map<String, Object> charts = new LinkedHashMap<>();
        charts.put("percentiles", List.of(curve(r.id(), curve)));
        String counted = kinds.countNoun(r.spec().kind());
        charts.put("series", columns(series.points(), counted));
        List<ReportTable> tables = kinds.tables(r);
        charts.put("tables", tables.stream().filter(t -> !t.plotted().isEmpty()).map(RunPages::plot).toList());
        return new RunPageView(r.id(), r.spec().kind(), counted, r.state().json(), String.valueOf(r.spec().target()),
                text(r.createdAt()), text(r.startedAt()), text(r.finishedAt()), r.failure(), report.path("disturbed").path("reason").textValue(), r.state().finished(),
                ReportFigures.of(report), curve, series.points(), MixRow.of(report), ChartJson.of(json, charts),
                GateView.of(r.gate()), tables);
    }

    /** One run's curve for a chart: its id, x = 1/(1-p), y = microseconds. */
    static Map<String, Object> curve(String id, List<PercentilePoint> curve) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("id", id);
        c.put("x", curve.stream().map(PercentilePoint::inverseTail).toList());
        c.put("y", curve.stream().map(PercentilePoint::valueMicros).toList());
        return c;
    }

    /**
     * A kind's table as a chart: its id and title, x = its first column, one line per plotted column; a cell that is
     * not a number (a figure the report lacks) is a gap.
     */
    private static Map<String, Object> plot(ReportTable t) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("id", t.id());
        c.put("title", t.title());
        c.put("xName", t.columns().get(0));
        c.put("x", numbers(t.column(t.columns().get(0))));
        Map<String, Object> lines = new LinkedHashMap<>();
        t.plotted().forEach(name -> lines.put(name, numbers(t.column(name))));
        c.put("lines", lines);
        return c;
    }

    private static List<Double> numbers(List<String> cells) {
        return cells.stream().map(v -> {
            try {
                Double d = v.isEmpty() ? null : Double.valueOf(v);
                return d == null || d.isInfinite() || d.isNaN() ? null : d; // JSON has no NaN: a gap
            } catch (NumberFormatException e) {
                return null;
            }
        }).toList();
    }

    private static Map<String, Object> columns(List<SeriesPoint> points, String counted) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("counted", counted);
        c.put("second", points.stream().map(SeriesPoint::second).toList());
        c.put("requests", points.stream().map(SeriesPoint::requests).toList());
        c.put("errors", points.stream().map(SeriesPoint::errors).toList());
        c.put("p50", points.stream().map(SeriesPoint::p50Micros).toList());
        c.put("p99", points.stream().map(SeriesPoint::p99Micros).toList());
        c.put("max", points.stream().map(SeriesPoint::maxMicros).toList());
        c.put("lost", points.stream().map(SeriesPoint::lost).toList());
        return c;
    }

    private static String text(Instant t) {
        return t == null ? "" : t.toString();
    }
}
