package io.loadlab.loadgen.api;

import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import io.loadlab.loadgen.api.spec.CalibrationSpecReader;
import io.loadlab.loadgen.calibrate.CalibrationRecord;
import io.loadlab.loadgen.calibrate.CalibrationSpec;
import io.loadlab.loadgen.calibrate.Calibrations;
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
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Calibrations: the loadgen measures its own ceiling against responders of its own on 127.0.0.1 (HTTP keep-alive
 * on and off, UDP). No target is named, so no allowlist applies; the load never leaves loopback.
 */
@Path("/calibrations")
@Tag(name = "calibrations")
public class CalibrationsResource {

    /** A calibration polls for a cancel every 50 ms and its run stops within its I/O timeout: 10 s, as runs wait. */
    private static final Duration CANCEL_WAIT = Duration.ofSeconds(10);

    @Inject
    CalibrationSpecReader reader;
    @Inject
    Calibrations calibrations;
    @Inject
    JsonBody json;

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @SecurityRequirement(name = "bearer")
    @Operation(operationId = "createCalibration", summary = "Measure the generator's own ceiling", description = "Optional body: duration (100ms..30s), "
            + "warmup (0..10s), connections (1..256), threads (1..64, at most connections); each bad field named")
    @RequestBody(required = false, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = CalibrationSpec.class)))
    @APIResponse(responseCode = "202", description = "Started; Location names the calibration",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CalibrationRecord.class)))
    @APIResponse(responseCode = "400", description = "Invalid spec")
    @APIResponse(responseCode = "401", description = "Missing or wrong bearer token")
    @APIResponse(responseCode = "409", description = "A run, experiment or calibration is active; activeRun names it")
    @APIResponse(responseCode = "503", description = "The data dir cannot take records (full, read-only); dataDir names it")
    public Response start(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] body) {
        CalibrationSpec spec;
        if (body == null || body.length == 0) {
            spec = CalibrationSpec.defaults();
        } else {
            spec = reader.read(json.read(contentType, body, "a JSON calibration spec, or none for the defaults"));
        }
        CalibrationRecord c = calibrations.start(spec);
        return Response.accepted(c).type(MediaType.APPLICATION_JSON_TYPE)
                .location(URI.create("/calibrations/" + c.id())).build();
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listCalibrations", summary = "List calibrations newest first", description = "page counts from 0; size 1.." + PageRequest.MAX_SIZE)
    @APIResponse(responseCode = "200", description = "A page of calibrations", content = @Content(schema = @Schema(implementation = CalibrationPage.class)))
    @APIResponse(responseCode = "400", description = "page or size out of range; violations name it")
    public CalibrationPage list(@QueryParam("page") String page, @QueryParam("size") String size) {
        PageRequest p = PageRequest.of(page, size);
        List<CalibrationRecord> all = calibrations.list();
        return new CalibrationPage(p.slice(all), p.page(), p.size(), all.size());
    }

    @DELETE
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @SecurityRequirement(name = "bearer")
    @Operation(operationId = "cancelCalibration", summary = "Cancel the active calibration: its current run is cancelled, no further shape starts")
    @APIResponse(responseCode = "200", description = "Stopped: state cancelled, the shapes measured in full kept",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CalibrationRecord.class)))
    @APIResponse(responseCode = "202", description = "Asked to stop, still stopping",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CalibrationRecord.class)))
    @APIResponse(responseCode = "401", description = "Missing or wrong bearer token")
    @APIResponse(responseCode = "404", description = "Unknown calibration")
    @APIResponse(responseCode = "409", description = "The calibration had already finished")
    public CompletionStage<Response> cancel(@PathParam("id") String id) {
        CalibrationRecord c = get(id);
        return CancelAnswer.of(calibrations.cancel(id), "calibration " + id + " already finished: " + c.state().json(),
                CANCEL_WAIT, done -> Response.ok(done, MediaType.APPLICATION_JSON_TYPE).build(),
                () -> Response.accepted(get(id)).type(MediaType.APPLICATION_JSON_TYPE).build());
    }

    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getCalibration", summary = "A calibration: running, or its ceiling and the measurements behind it")
    @APIResponse(responseCode = "404", description = "Unknown calibration")
    @APIResponse(responseCode = "200", description = "The calibration", content = @Content(schema = @Schema(implementation = CalibrationRecord.class)))
    public CalibrationRecord get(@PathParam("id") String id) {
        return calibrations.find(id).orElseThrow(() -> new ApiException(404, "no calibration " + id));
    }
}
