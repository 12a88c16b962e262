package io.loadlab.loadgen.page;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import io.loadlab.loadgen.api.ReadLimiter;
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

/** A run's report as a page; {@code GET /runs/{id}} with {@code Accept: text/html} comes here too. */
@Path("/runs/{id}/report.html")
@Tag(name = "pages")
public class RunReportPage {

    @Inject
    RunPages pages;
    @Inject
    ReadLimiter reads;
    @Inject
    @Location("run.html")
    Template run;

    @GET
    @Produces(MediaType.TEXT_HTML)
    @Operation(operationId = "getRunReportPage", summary = "A run's report as HTML: headline figures, percentile distribution, per-second series")
    @APIResponse(responseCode = "404", description = "Unknown run (JSON, as the API answers)")
    @APIResponse(responseCode = "429", description = "loadgen.api.max-concurrent-reads reads are being answered; Retry-After")
    @APIResponse(responseCode = "200", description = "The page", content = @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = SchemaType.STRING)))
    public TemplateInstance get(@PathParam("id") String id) {
        return reads.read(() -> run.data("run", pages.view(pages.found(id))));
    }
}
