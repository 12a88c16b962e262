package io.loadlab.loadgen.api;

import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import io.loadlab.loadgen.api.guard.TargetGuard;
import io.loadlab.loadgen.api.spec.ExperimentSpecReader;
import io.loadlab.loadgen.experiment.ExperimentBaseline;
import io.loadlab.loadgen.experiment.ExperimentRecord;
import io.loadlab.loadgen.experiment.ExperimentSpec;
import io.loadlab.loadgen.experiment.ExperimentTable;
import io.loadlab.loadgen.experiment.Experiments;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Violations;
import io.smallrye.common.annotation.Blocking;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Experiments: a matrix of targets by variants run cell by cell as ordinary runs, each cell judged
 * cpu-, network-, loadgen- or concurrency-bound (or unknown, naming the figure it lacked), for our target or any
 * service a Prometheus measures. Same guards and error shape as {@code /runs}.
 */
@Path("/experiments")
@Tag(name = "experiments")
public class ExperimentsResource {

    static final MediaType CSV = MediaType.valueOf("text/csv");
    private static final Duration CANCEL_WAIT = Duration.ofSeconds(15);

    @Inject
    ExperimentSpecReader reader;
    @Inject
    TargetGuard guard;
    @Inject
    Experiments experiments;
    @Inject
    JsonBody body;
    @Inject
    ReadLimiter reads;
    @Inject
    Readers readers;

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @SecurityRequirement(name = "bearer")
    @Operation(operationId = "createExperiment", summary = "Start an experiment", description = "Every bad field is named at once (targets[1].cores). "
            + "Every address it names (url, metrics, each variant's request, download, iperf, the Prometheus url) must "
            + "resolve inside loadgen.targets.allowed. A target whose resources name Prometheus is checked before any "
            + "load: every query must match exactly one series (400 naming the field otherwise); warnings go into the "
            + "record.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = ExperimentSpec.class)))
    @APIResponse(responseCode = "202", description = "Started; Location names the experiment",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ExperimentRecord.class)))
    @APIResponse(responseCode = "400", description = "Invalid spec, malformed JSON (line and column named) or empty body")
    @APIResponse(responseCode = "401", description = "Missing or wrong bearer token")
    @APIResponse(responseCode = "403", description = "A target resolves outside loadgen.targets.allowed")
    @APIResponse(responseCode = "409", description = "An experiment or a run is active; activeRun names it")
    @APIResponse(responseCode = "413", description = "Request body over loadgen.api.max-body-bytes")
    @APIResponse(responseCode = "415", description = "Content-Type is not JSON")
    @APIResponse(responseCode = "503", description = "The data dir cannot take records (full, read-only); dataDir names it")
    @Blocking // the sources' checks query Prometheus, each query bounded by its source's timeout: never the event loop
    public Response start(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] bytes) {
        ExperimentSpec spec = reader.read(body.read(contentType, bytes, "a JSON experiment spec"));
        Violations baseline = new Violations();
        ExperimentBaseline.check(baseline, spec, experiments::find);
        baseline.throwIfAny();
        ExperimentSpecReader.destinations(spec).forEach(guard::check);
        ExperimentRecord x = experiments.start(spec, experiments.check(spec));
        return Response.accepted(x.keysHidden()).type(MediaType.APPLICATION_JSON_TYPE)
                .location(URI.create("/experiments/" + x.id())).build();
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listExperiments", summary = "List experiments newest first, as summaries", description = "page counts from 0; size 1.."
            + PageRequest.MAX_SIZE + ". Name, state, times and progress; GET /experiments/{id} gives the cells.")
    @APIResponse(responseCode = "200", description = "A page of experiments", content = @Content(schema = @Schema(implementation = ExperimentPage.class)))
    @APIResponse(responseCode = "400", description = "page or size out of range; violations name it")
    public ExperimentPage list(@QueryParam("page") String page, @QueryParam("size") String size) {
        PageRequest p = PageRequest.of(page, size);
        return reads.read(() -> {
            List<ExperimentRecord> all = experiments.list();
            return new ExperimentPage(p.slice(all).stream().map(ExperimentSummary::of).toList(), p.page(), p.size(),
                    all.size());
        });
    }

    @GET
    @Path("{id}")
    @Produces({MediaType.APPLICATION_JSON, "text/csv", MediaType.TEXT_PLAIN})
    @Operation(operationId = "getExperiment", summary = "An experiment: progress, table, searches and scaling",
            description = "JSON by default; Accept: text/csv for the table as CSV, text/plain for the table as text. "
                    + "Without the bearer token, the variants' header values, bodies and inline values read \"" + RunSpec.REDACTED + "\".")
    @APIResponse(responseCode = "404", description = "Unknown experiment")
    @APIResponse(responseCode = "200", description = "The experiment; its table as CSV or text when asked", content = {
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ExperimentRecord.class)),
            @Content(mediaType = "text/csv", schema = @Schema(type = SchemaType.STRING)),
            @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING))})
    public Response get(@PathParam("id") String id, @Context HttpHeaders headers) {
        return reads.read(() -> answer(readers.shown(found(id), headers.getHeaderString(HttpHeaders.AUTHORIZATION)), headers));
    }

    private static Response answer(ExperimentRecord x, HttpHeaders headers) {
        for (MediaType t : headers.getAcceptableMediaTypes()) {
            if (t.isWildcardType()) {
                break;
            }
            if (t.isCompatible(CSV)) {
                return Response.ok(ExperimentTable.csv(x), "text/csv; charset=UTF-8").build();
            }
            if (t.isCompatible(MediaType.TEXT_PLAIN_TYPE)) {
                return Response.ok(ExperimentTable.text(x), "text/plain; charset=UTF-8").build();
            }
            if (t.isCompatible(MediaType.APPLICATION_JSON_TYPE)) {
                break;
            }
        }
        return Response.ok(x, MediaType.APPLICATION_JSON_TYPE).build();
    }

    @DELETE
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @SecurityRequirement(name = "bearer")
    @Operation(operationId = "cancelExperiment", summary = "Cancel the active experiment: its current run is cancelled, no further cell starts")
    @APIResponse(responseCode = "200", description = "Stopped: state cancelled, the cells done so far kept",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ExperimentRecord.class)))
    @APIResponse(responseCode = "202", description = "Asked to stop, still stopping",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ExperimentRecord.class)))
    @APIResponse(responseCode = "404", description = "Unknown experiment")
    @APIResponse(responseCode = "409", description = "The experiment had already finished")
    public CompletionStage<Response> cancel(@PathParam("id") String id) {
        ExperimentRecord x = found(id);
        return CancelAnswer.of(experiments.cancel(id), "experiment " + id + " already finished: " + x.state().json(),
                CANCEL_WAIT, done -> Response.ok(done, MediaType.APPLICATION_JSON_TYPE).build(),
                () -> Response.accepted(found(id)).type(MediaType.APPLICATION_JSON_TYPE).build());
    }

    private ExperimentRecord found(String id) {
        return experiments.find(id).orElseThrow(() -> new ApiException(404, "no experiment " + id));
    }
}
