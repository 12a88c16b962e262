package io.loadlab.loadgen.page;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.api.ApiException;
import io.loadlab.loadgen.api.ReadLimiter;
import io.loadlab.loadgen.experiment.ExperimentRecord;
import io.loadlab.loadgen.experiment.Experiments;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.Runs;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateInstance;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** An experiment as a page; {@code GET /experiments/{id}} with {@code Accept: text/html} comes here too. */
@Path("/experiments/{id}/report.html")
@Tag(name = "pages")
public class ExperimentReportPage {

    @Inject
    Experiments experiments;
    @Inject
    ObjectMapper json;
    @Inject
    Runs runs;
    @Inject
    RunKinds kinds;
    @Inject
    ReadLimiter reads;
    @Inject
    @Location("experiment.html")
    Template experiment;

    @GET
    @Produces(MediaType.TEXT_HTML)
    @Operation(operationId = "getExperimentReportPage", summary = "An experiment as HTML: verdicts with evidence, requests/s by payload and node size, scaling, searches")
    @APIResponse(responseCode = "404", description = "Unknown experiment (JSON, as the API answers)")
    @APIResponse(responseCode = "200", description = "The page", content = @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = SchemaType.STRING)))
    public TemplateInstance get(@PathParam("id") String id) {
        return reads.read(() -> page(id));
    }

    private TemplateInstance page(String id) {
        // a page is read without the token, as a run's page is: URLs' credentials and request secrets hidden
        ExperimentRecord x = experiments.find(id).orElseThrow(() -> new ApiException(404, "no experiment " + id)).redacted();
        Double slo = x.spec().search() == null ? null : x.spec().search().p99Millis();
        return experiment.data("page", ExperimentPageView.of(x, slo, ChartJson.of(json, ExperimentCharts.of(x, slo)), live(x)));
    }

    /** The running cell's run and its live progress, read as {@code GET /runs/{id}} reads it. */
    private LivePanel live(ExperimentRecord x) {
        if (x.currentRun() == null) {
            return null;
        }
        String counted = runs.find(x.currentRun()).map(r -> kinds.countNoun(r.spec().kind())).orElse("");
        return LivePanel.of(x, runs.live(x.currentRun()).map(LoadRun::progress).orElse(null), counted);
    }
}
