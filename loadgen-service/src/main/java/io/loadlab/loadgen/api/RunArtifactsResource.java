package io.loadlab.loadgen.api;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.HistogramLog;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.Runs;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.HdrHistogram.Histogram;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** What a finished run leaves: its report (JSON or wrk's text) and its full latency histogram. */
@Path("/runs/{id}")
@Tag(name = "runs")
public class RunArtifactsResource {

    @Inject
    Runs registry;

    @Inject
    RunKinds kinds;

    @Inject
    Readers readers;

    @Inject
    ReadLimiter reads;

    @GET
    @Path("report")
    @Produces({MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN})
    @Operation(operationId = "getRunReport", summary = "The report of a finished run",
            description = "JSON by default (latencies in microseconds); Accept: text/plain gives the run's kind's text layout (wrk's for HTTP runs, sockperf's for UDP runs, iperf3's for iperf).")
    @APIResponse(responseCode = "200", description = "The report: the run's kind's report record, or its text layout", content = {
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.OBJECT)),
            @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING))})
    @APIResponse(responseCode = "404", description = "Unknown run, or the run left no report")
    @APIResponse(responseCode = "406", description = "Text asked for a kind of run that has no text layout")
    @APIResponse(responseCode = "409", description = "The run has not finished")
    @APIResponse(responseCode = "429", description = "loadgen.api.max-concurrent-reads reads are being answered; Retry-After")
    public Response report(@PathParam("id") String id, @Context HttpHeaders headers) {
        return reads.read(() -> report(readers.shown(finished(id), headers.getHeaderString(HttpHeaders.AUTHORIZATION)),
                wantsText(headers)));
    }

    private Response report(RunRecord run, boolean asText) {
        String id = run.id();
        if (run.report() == null) {
            throw new ApiException(404, "run " + id + " left no report (" + run.state().json() + ")");
        }
        if (!asText) {
            return Response.ok(run.report(), MediaType.APPLICATION_JSON_TYPE).build();
        }
        String text = kinds.text(run).orElseThrow(() -> new ApiException(406,
                "text layouts exist for " + String.join(", ", kinds.textLayouts()) + " runs; ask for application/json"));
        return Response.ok(text, MediaType.TEXT_PLAIN_TYPE).build();
    }

    @GET
    @Path("histogram")
    @Produces(MediaType.TEXT_PLAIN)
    @Operation(operationId = "getRunHistogram", summary = "The full latency histogram of a finished run; values are NANOSECONDS",
            description = "Default: an HdrHistogram log of one interval (HistogramLogReader/HistogramLogProcessor read it; "
                    + "its max column is milliseconds). format=base64: HdrHistogram's compressed base64 encoding.")
    @APIResponse(responseCode = "200", description = "The histogram",
            content = @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "400", description = "Unknown format")
    @APIResponse(responseCode = "404", description = "Unknown run, or the run recorded no latency")
    @APIResponse(responseCode = "409", description = "The run has not finished")
    @APIResponse(responseCode = "429", description = "loadgen.api.max-concurrent-reads reads are being answered; Retry-After")
    public Response histogram(@PathParam("id") String id, @QueryParam("format") String format) {
        if (format != null && !format.equals("log") && !format.equals("base64")) {
            throw new ApiException(400, "format must be log or base64");
        }
        return reads.read(() -> histogram(finished(id), format));
    }

    /** The histogram holds latencies and the run's id and times only: nothing of its spec to redact. */
    private static Response histogram(RunRecord run, String format) {
        String id = run.id();
        if (run.histogram() == null) {
            throw new ApiException(404, "run " + id + " recorded no latency histogram");
        }
        if ("base64".equals(format)) {
            return Response.ok(run.histogram(), MediaType.TEXT_PLAIN_TYPE).build();
        }
        Histogram h = HistogramCodec.decode(run.histogram());
        return Response.ok(HistogramLog.render(id, h, run.startedAt(), run.finishedAt()), MediaType.TEXT_PLAIN_TYPE).build();
    }

    private RunRecord finished(String id) {
        RunRecord run = registry.find(id).orElseThrow(() -> new ApiException(404, "no run " + id));
        if (!run.state().finished()) {
            throw new ApiException(409, "run " + id + " has not finished: " + run.state().json());
        }
        return run;
    }

    /** Text only when the client prefers text/plain over JSON; {@code *}{@code /*} means JSON. */
    private static boolean wantsText(HttpHeaders headers) {
        for (MediaType t : headers.getAcceptableMediaTypes()) {
            // media types are case-insensitive (RFC 9110 8.3.1): TEXT/PLAIN is text/plain
            if (t.isWildcardType() || JsonBody.isJson(t.toString().toLowerCase(java.util.Locale.ROOT))) {
                return false;
            }
            if (t.isCompatible(MediaType.TEXT_PLAIN_TYPE)) {
                return true;
            }
        }
        return false;
    }
}
