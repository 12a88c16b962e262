package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.loadgen.api.guard.TargetGuard;
import io.loadlab.loadgen.api.spec.MalformedJsonException;
import io.loadlab.loadgen.api.spec.SpecJson;
import io.loadlab.loadgen.api.spec.SpecParser;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.Runs;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Violation;
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
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/** Starting, watching, listing and cancelling runs. */
@Path("/runs")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "runs")
public class RunsResource {

    static final int MAX_PAGE_SIZE = 100;
    private static final long CANCEL_WAIT_SECONDS = 10;

    @Inject
    SpecParser parser;
    @Inject
    TargetGuard guard;
    @Inject
    Runs registry;
    @Inject
    SpecJson specJson;

    @POST
    @Consumes(MediaType.WILDCARD)
    @SecurityRequirement(name = "bearer")
    @Operation(summary = "Start a run", description = "The spec is validated in full first: a 400 names every bad field. "
            + "Durations as 500ms, 10s, 2m or PT10S.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = HttpRunSpec.class)))
    @APIResponse(responseCode = "202", description = "Started; Location names the run",
            content = @Content(schema = @Schema(implementation = RunView.class)))
    @APIResponse(responseCode = "400", description = "Invalid spec, malformed JSON, empty body or unresolvable target")
    @APIResponse(responseCode = "401", description = "Missing or wrong bearer token")
    @APIResponse(responseCode = "403", description = "Target resolves outside loadgen.targets.allowed")
    @APIResponse(responseCode = "409", description = "Another job is active (an experiment, or loadgen.runs.max-active runs); activeRun names it")
    @APIResponse(responseCode = "413", description = "Request body over quarkus.http.limits.max-body-size")
    @APIResponse(responseCode = "415", description = "Content-Type is not JSON")
    @APIResponse(responseCode = "503", description = "The data dir cannot take records (full, read-only); dataDir names it")
    public Response start(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] body) {
        if (!isJson(contentType)) {
            throw new ApiException(415, "Content-Type must be application/json, was " + contentType);
        }
        if (body == null || body.length == 0) {
            throw new ApiException(400, "request body is required: a JSON run spec");
        }
        JsonNode root;
        try {
            root = specJson.read(body);
        } catch (MalformedJsonException e) {
            throw new ApiException(400, "malformed JSON: " + e.getMessage());
        }
        RunSpec spec = parser.parse(root);
        spec.destinations().forEach(guard::check);
        RunRecord run = registry.start(spec);
        return Response.accepted(view(run)).location(URI.create("/runs/" + run.id())).build();
    }

    @GET
    @Operation(summary = "List runs newest first", description = "page counts from 0; size 1.." + MAX_PAGE_SIZE
            + ". Lists the runs kept in memory (loadgen.runs.retain); older ones stay readable by id.")
    public RunPage list(@QueryParam("page") String page, @QueryParam("size") String size) {
        int p = intParam("page", page, 0, 0, Integer.MAX_VALUE);
        int s = intParam("size", size, 20, 1, MAX_PAGE_SIZE);
        List<RunRecord> all = registry.list();
        long from = (long) p * s;
        List<RunView> items = from >= all.size() ? List.of()
                : all.subList((int) from, (int) Math.min(all.size(), from + s)).stream().map(this::view).toList();
        return new RunPage(items, p, s, all.size());
    }

    @GET
    @Path("{id}")
    @Operation(summary = "A run: live progress while running, report once finished, failure when failed")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = RunView.class)))
    @APIResponse(responseCode = "404", description = "Unknown run")
    public RunView get(@PathParam("id") String id) {
        return view(found(id));
    }

    @DELETE
    @Path("{id}")
    @SecurityRequirement(name = "bearer")
    @Operation(summary = "Cancel an active run, keeping its partial report",
            description = "Waits up to 10s for the run to stop. Cancelling a finished run is refused with 409, not ignored, "
                    + "so a client learns the run ended on its own.")
    @APIResponse(responseCode = "200", description = "Stopped: state cancelled, partial report")
    @APIResponse(responseCode = "202", description = "Asked to stop, still stopping")
    @APIResponse(responseCode = "404", description = "Unknown run")
    @APIResponse(responseCode = "409", description = "The run had already finished")
    public CompletionStage<Response> cancel(@PathParam("id") String id) {
        RunRecord run = found(id);
        return registry.cancel(id)
                .orElseThrow(() -> new ApiException(409, "run " + id + " already finished: " + run.state().json()))
                .toCompletableFuture()
                .thenApply(done -> Response.ok(view(done)).build())
                .completeOnTimeout(null, CANCEL_WAIT_SECONDS, TimeUnit.SECONDS)
                .thenApply(r -> r != null ? r : Response.accepted(view(found(id))).build());
    }

    private RunRecord found(String id) {
        return registry.find(id).orElseThrow(() -> new ApiException(404, "no run " + id));
    }

    private RunView view(RunRecord r) {
        return RunView.of(r, registry.live(r.id()).orElse(null));
    }

    static boolean isJson(String contentType) {
        MediaType t;
        try {
            t = contentType == null ? null : MediaType.valueOf(contentType);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return t != null && "application".equals(t.getType()) && ("json".equals(t.getSubtype()) || t.getSubtype().endsWith("+json"));
    }

    static int intParam(String name, String value, int dflt, int min, int max) {
        if (value == null || value.isEmpty()) {
            return dflt;
        }
        try {
            int n = Integer.parseInt(value);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // answered below, like an out-of-range number
        }
        throw new ApiException(new ApiError(400, "invalid query parameter",
                List.of(new Violation(name, "must be an integer from " + min + " to " + max)),
                null, null, null, null));
    }
}
