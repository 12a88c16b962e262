package io.loadlab.loadgen.page;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.api.ApiException;
import io.loadlab.loadgen.api.ReadLimiter;
import io.loadlab.loadgen.experiment.ExperimentBaseline;
import io.loadlab.loadgen.experiment.ExperimentRecord;
import io.loadlab.loadgen.experiment.Experiments;
import io.loadlab.loadgen.gate.BaselineComparison;
import io.loadlab.loadgen.gate.BaselineJudge;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateInstance;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs compared: their percentile curves overlaid and their headline figures side by side with differences. Experiments
 * compared: each one's cells against the first's, both intervals and the words a baseline comparison uses. HTML for
 * browsers, {@link CompareAnswer} for {@code Accept: application/json}.
 */
@Path("/compare")
@Tag(name = "pages")
public class ComparePage {

    /** A chart of more curves than this is unreadable, and each run costs a histogram decode. */
    static final int MAX_RUNS = 8;

    @Inject
    RunPages pages;
    @Inject
    Experiments experiments;
    @Inject
    ObjectMapper json;
    @Inject
    ReadLimiter reads;
    @Inject
    @Location("compare.html")
    Template compare;
    @Inject
    @Location("compare-experiments.html")
    Template compareExperiments;

    @GET
    @Produces(MediaType.TEXT_HTML)
    @Operation(operationId = "compare", summary = "Runs compared: runs=<id>,<id>[,...]; or experiments=<id>,<id>[,...] (2 to " + MAX_RUNS + ")")
    @APIResponse(responseCode = "400", description = "Neither or both of runs and experiments, fewer than 2 or more than "
            + MAX_RUNS + " ids, or an id twice")
    @APIResponse(responseCode = "404", description = "A run or experiment that does not exist; msg names it")
    @APIResponse(responseCode = "200", description = "The comparison as a page", content = @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = SchemaType.STRING)))
    public TemplateInstance get(@QueryParam("runs") String runs, @QueryParam("experiments") String experiments) {
        if (experiments(runs, experiments)) {
            List<String> ids = ids(experiments, "experiments");
            return reads.read(() -> compareExperiments.data("page",
                    ExperimentCompareView.of(ids, comparisons(ids))));
        }
        List<String> ids = ids(runs);
        return reads.read(() -> page(ids));
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "compare", summary = "The same comparison as JSON: per cell and figure both intervals and regressed, improved, "
            + "no significant change or cannot tell")
    @APIResponse(responseCode = "400", description = "As the page")
    @APIResponse(responseCode = "404", description = "As the page")
    @APIResponse(responseCode = "200", description = "The comparison as JSON", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CompareAnswer.class)))
    public CompareAnswer json(@QueryParam("runs") String runs, @QueryParam("experiments") String experiments) {
        if (experiments(runs, experiments)) {
            List<String> ids = ids(experiments, "experiments");
            return reads.read(() -> new CompareAnswer(null, ids, null, comparisons(ids)));
        }
        List<String> ids = ids(runs);
        return reads.read(() -> {
            List<RunPageView> views = ids.stream().map(id -> pages.view(pages.found(id))).toList();
            return new CompareAnswer(ids, null, rows(views),
                    ids.stream().skip(1).map(id -> BaselineJudge.ofOneRun(ids.get(0), id)).toList());
        });
    }

    /** True when experiments are asked for; 400 when both or neither are. */
    private static boolean experiments(String runs, String experiments) {
        if (runs != null && experiments != null) {
            throw new ApiException(400, "query parameters runs and experiments: name one of them, not both");
        }
        return experiments != null;
    }

    /** Every experiment after the first against the first. */
    private List<BaselineComparison> comparisons(List<String> ids) {
        List<ExperimentRecord> found = ids.stream().map(id -> experiments.find(id)
                .orElseThrow(() -> new ApiException(404, "no experiment " + id))).toList();
        return found.stream().skip(1).map(x -> ExperimentBaseline.compare(found.get(0), x)).toList();
    }

    private TemplateInstance page(List<String> ids) {
        List<RunPageView> views = ids.stream().map(id -> pages.view(pages.found(id))).toList();
        List<Object> curves = views.stream().map(v -> (Object) RunPages.curve(v.id(), v.percentiles())).toList();
        return compare.data("page", new CompareView(ids, rows(views), ChartJson.of(json, Map.of("percentiles", curves))))
                .data("views", views).data("oneRun", BaselineJudge.ONE_RUN);
    }

    static List<String> ids(String runs) {
        return ids(runs, "runs");
    }

    /** The ids in {@code param}: 2 to {@link #MAX_RUNS}, each once; 400 naming the parameter otherwise. */
    static List<String> ids(String value, String param) {
        if (value == null || value.isBlank()) {
            throw new ApiException(400, "query parameter " + param + " is required: " + param + "=<id>,<id>[,...]"
                    + ("runs".equals(param) ? " (or experiments=<id>,<id>[,...])" : ""));
        }
        List<String> ids = Arrays.stream(value.split(",", MAX_RUNS + 2)).map(String::trim).toList();
        if (ids.size() < 2 || ids.size() > MAX_RUNS) {
            throw new ApiException(400, "query parameter " + param + " must name 2 to " + MAX_RUNS + " " + param
                    + ", named " + (ids.size() > MAX_RUNS ? "more" : ids.size()));
        }
        if (ids.stream().anyMatch(String::isEmpty) || new LinkedHashSet<>(ids).size() != ids.size()) {
            throw new ApiException(400, "query parameter " + param + " must name each once, with no empty id");
        }
        return ids;
    }

    private static List<CompareView.Row> rows(List<RunPageView> views) {
        Set<String> names = new LinkedHashSet<>();
        List<Map<String, String>> byRun = new ArrayList<>();
        for (RunPageView v : views) {
            Map<String, String> m = new LinkedHashMap<>();
            v.figures().headline().forEach(f -> m.put(f.name(), f.value()));
            v.figures().latency().rows().forEach(r -> {
                for (int i = 0; i < r.values().size(); i++) {
                    m.put(v.figures().latency().columns().get(i) + "." + r.stat(), r.values().get(i));
                }
            });
            names.addAll(m.keySet());
            byRun.add(m);
        }
        List<CompareView.Row> rows = new ArrayList<>();
        for (String name : names) {
            List<String> values = byRun.stream().map(m -> m.getOrDefault(name, "")).toList();
            List<String> diffs = new ArrayList<>();
            for (String value : values) {
                diffs.add(diffs.isEmpty() ? "" : difference(values.get(0), value));
            }
            rows.add(new CompareView.Row(name, values, diffs));
        }
        return rows;
    }

    static String difference(String base, String value) {
        try {
            double d = Double.parseDouble(value) - Double.parseDouble(base);
            double b = Double.parseDouble(base);
            String abs = (d >= 0 ? "+" : "") + (d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d)
                    : String.format(java.util.Locale.ROOT, "%.3f", d));
            return b == 0 ? abs : abs + String.format(java.util.Locale.ROOT, " (%+.1f%%)", 100 * d / b);
        } catch (NumberFormatException e) {
            return "";
        }
    }
}
