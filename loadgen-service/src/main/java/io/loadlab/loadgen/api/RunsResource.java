package io.loadlab.loadgen.api;

import io.loadlab.loadgen.api.guard.TargetGuard;
import io.loadlab.loadgen.api.openapi.KindsOpenApiFilter;
import io.loadlab.loadgen.api.spec.AskedRun;
import io.loadlab.loadgen.api.spec.SpecParser;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.Runs;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.experiment.Experiments;
import io.loadlab.loadgen.run.Violations;
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
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** Starting, watching, listing and cancelling runs. */
@Path("/runs")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "runs")
public class RunsResource {

    private static final Duration CANCEL_WAIT = Duration.ofSeconds(10);

    @Inject
    SpecParser parser;
    @Inject
    TargetGuard guard;
    @Inject
    Runs registry;
    @Inject
    Experiments experiments;
    @Inject
    JsonBody body;
    @Inject
    RunKinds kinds;
    @Inject
    Readers readers;
    @Inject
    ReadLimiter reads;

    @POST
    @Consumes(MediaType.WILDCARD)
    @SecurityRequirement(name = "bearer")
    @Operation(operationId = "createRun", summary = "Start a run", description = "The spec is validated in full first: a 400 names every bad field. "
            + "Durations as 500ms, 10s, 2m or PT10S. \"thresholds\" and \"baseline\" beside the spec's own fields "
            + "judge the run when it ends (its \"gate\").")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(ref = KindsOpenApiFilter.RUN_SPEC)))
    @APIResponse(responseCode = "202", description = "Started; Location names the run",
            content = @Content(schema = @Schema(implementation = RunView.class)))
    @APIResponse(responseCode = "400", description = "Invalid spec, malformed JSON, empty body or unresolvable target")
    @APIResponse(responseCode = "401", description = "Missing or wrong bearer token")
    @APIResponse(responseCode = "403", description = "Target resolves outside loadgen.targets.allowed")
    @APIResponse(responseCode = "409", description = "Another job is active (an experiment, or loadgen.runs.max-active runs); activeRun names it")
    @APIResponse(responseCode = "413", description = "Request body over loadgen.api.max-body-bytes")
    @APIResponse(responseCode = "415", description = "Content-Type is not JSON")
    @APIResponse(responseCode = "503", description = "The data dir cannot take records (full, read-only); dataDir names it")
    public Response start(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] bytes) {
        registry.requireRoom();
        AskedRun asked = parser.parseAsked(body.read(contentType, bytes, "a JSON run spec"));
        RunSpec spec = asked.spec();
        knownBaseline(asked.baseline());
        spec.destinations().forEach(guard::check);
        RunRecord run = registry.start(spec, asked.thresholds(), asked.baseline(), null);
        return Response.accepted(view(readers.keysHidden(run))).location(URI.create("/runs/" + run.id())).build();
    }

    /** 400 naming {@code baseline} when it names neither a run nor an experiment this loadgen keeps. */
    private void knownBaseline(String id) {
        if (id != null && registry.find(id).isEmpty() && experiments.find(id).isEmpty()) {
            Violations v = new Violations();
            v.add("baseline", "no run or experiment " + id);
            v.throwIfAny();
        }
    }

    @GET
    @Operation(operationId = "listRuns", summary = "List runs newest first, as summaries", description = "page counts from 0; size 1.."
            + PageRequest.MAX_SIZE + ". Lists the runs kept in memory (loadgen.runs.retain): total counts them, stored every run on disk; older ones stay readable by id. "
            + "Each item is a summary (id, kind, state, target, times, headline figures); GET /runs/{id} gives the whole run.")
    @APIResponse(responseCode = "429", description = "loadgen.api.max-concurrent-reads reads are being answered; Retry-After")
    @APIResponse(responseCode = "200", description = "A page of runs", content = @Content(schema = @Schema(implementation = RunPage.class)))
    @APIResponse(responseCode = "400", description = "page or size out of range; violations name it")
    public RunPage list(@QueryParam("page") String page, @QueryParam("size") String size) {
        PageRequest p = PageRequest.of(page, size);
        return reads.read(() -> {
            List<RunRecord> all = registry.list();
            return new RunPage(p.slice(all).stream().map(r -> RunSummary.of(r, kinds.figures(r).orElse(null))).toList(),
                    p.page(), p.size(), all.size(), Math.max(all.size(), registry.stored()));
        });
    }

    @GET
    @Path("{id}")
    @Operation(operationId = "getRun", summary = "A run: live progress while running, report once finished, failure when failed",
            description = "Without the bearer token, the spec's header values and body read \"" + RunSpec.REDACTED + "\".")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = RunView.class)))
    @APIResponse(responseCode = "404", description = "Unknown run")
    @APIResponse(responseCode = "429", description = "loadgen.api.max-concurrent-reads reads are being answered; Retry-After")
    public RunView get(@PathParam("id") String id, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        return reads.read(() -> view(readers.shown(found(id), authorization)));
    }

    @DELETE
    @Path("{id}")
    @SecurityRequirement(name = "bearer")
    @Operation(operationId = "cancelRun", summary = "Cancel an active run, keeping its partial report",
            description = "Waits up to 10s for the run to stop. Cancelling a finished run is refused with 409, not ignored, "
                    + "so a client learns the run ended on its own.")
    @APIResponse(responseCode = "200", description = "Stopped: state cancelled, partial report",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunView.class)))
    @APIResponse(responseCode = "202", description = "Asked to stop, still stopping",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunView.class)))
    @APIResponse(responseCode = "404", description = "Unknown run")
    @APIResponse(responseCode = "409", description = "The run had already finished")
    public CompletionStage<Response> cancel(@PathParam("id") String id) {
        RunRecord run = found(id);
        return CancelAnswer.of(registry.cancel(id), "run " + id + " already finished: " + run.state().json(),
                CANCEL_WAIT, done -> Response.ok(view(done)).build(),
                () -> Response.accepted(view(found(id))).build());
    }

    private RunRecord found(String id) {
        return registry.find(id).orElseThrow(() -> new ApiException(404, "no run " + id));
    }

    private RunView view(RunRecord r) {
        return RunView.of(r, registry.live(r.id()).orElse(null));
    }
}
