package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.loadgen.api.spec.CalibrationSpecReader;
import io.loadlab.loadgen.api.spec.MalformedJsonException;
import io.loadlab.loadgen.api.spec.SpecJson;
import io.loadlab.loadgen.calibrate.CalibrationRecord;
import io.loadlab.loadgen.calibrate.CalibrationSpec;
import io.loadlab.loadgen.calibrate.Calibrations;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
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
import java.util.List;

/**
 * Calibrations: the loadgen measures its own ceiling against responders of its own on 127.0.0.1 (HTTP keep-alive
 * on and off, UDP). No target is named, so no allowlist applies; the load never leaves loopback.
 */
@Path("/calibrations")
@Tag(name = "calibrations")
public class CalibrationsResource {

    @Inject
    CalibrationSpecReader reader;
    @Inject
    Calibrations calibrations;
    @Inject
    SpecJson specJson;

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @SecurityRequirement(name = "bearer")
    @Operation(summary = "Measure the generator's own ceiling", description = "Optional body: duration (100ms..30s), "
            + "warmup (0..10s), connections (1..256), threads (1..64, at most connections); each bad field named")
    @APIResponse(responseCode = "202", description = "Started; Location names the calibration")
    @APIResponse(responseCode = "400", description = "Invalid spec")
    @APIResponse(responseCode = "401", description = "Missing or wrong bearer token")
    @APIResponse(responseCode = "409", description = "A run, experiment or calibration is active; activeRun names it")
    @APIResponse(responseCode = "503", description = "The data dir cannot take records (full, read-only); dataDir names it")
    public Response start(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] body) {
        CalibrationSpec spec;
        if (body == null || body.length == 0) {
            spec = CalibrationSpec.defaults();
        } else {
            if (!RunsResource.isJson(contentType)) {
                throw new ApiException(415, "Content-Type must be application/json, was " + contentType);
            }
            JsonNode root;
            try {
                root = specJson.read(body);
            } catch (MalformedJsonException e) {
                throw new ApiException(400, "malformed JSON: " + e.getMessage());
            }
            spec = reader.read(root);
        }
        CalibrationRecord c = calibrations.start(spec);
        return Response.accepted(c).type(MediaType.APPLICATION_JSON_TYPE)
                .location(URI.create("/calibrations/" + c.id())).build();
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "List calibrations newest first", description = "page counts from 0; size 1..100")
    public CalibrationPage list(@QueryParam("page") String page, @QueryParam("size") String size) {
        int p = RunsResource.intParam("page", page, 0, 0, Integer.MAX_VALUE);
        int s = RunsResource.intParam("size", size, 20, 1, RunsResource.MAX_PAGE_SIZE);
        List<CalibrationRecord> all = calibrations.list();
        long from = (long) p * s;
        List<CalibrationRecord> items = from >= all.size() ? List.of()
                : all.subList((int) from, (int) Math.min(all.size(), from + s));
        return new CalibrationPage(items, p, s, all.size());
    }

    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "A calibration: running, or its ceiling and the measurements behind it")
    @APIResponse(responseCode = "404", description = "Unknown calibration")
    public CalibrationRecord get(@PathParam("id") String id) {
        return calibrations.find(id).orElseThrow(() -> new ApiException(404, "no calibration " + id));
    }
}
