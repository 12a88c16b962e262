package io.loadlab.loadgen.api;

import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.common.cores.Cores;
import io.loadlab.loadgen.api.guard.TargetGuard;
import io.loadlab.loadgen.api.openapi.KindsOpenApiFilter;
import io.loadlab.loadgen.api.spec.SpecParser;
import io.loadlab.loadgen.distributed.AgentInfo;
import io.loadlab.loadgen.distributed.AgentName;
import io.loadlab.loadgen.distributed.AgentParts;
import io.loadlab.loadgen.distributed.AgentRunStarted;
import io.loadlab.loadgen.distributed.ClockReading;
import io.loadlab.loadgen.distributed.IntervalBatch;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.job.ActiveJob;
import io.loadlab.loadgen.job.DataDir;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Violation;
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
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The agent side of distributed runs (issue 12), called by a controller's {@code distributed.AgentClient}; every
 * call needs the token ({@link AgentTokenFilter}). A part is validated, limited and guarded exactly as a user's
 * {@code POST /runs} is, so a controller never makes an agent do what it would refuse a user.
 */
@Path("/agent")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "agent")
@SecurityRequirement(name = "bearer")
public class AgentResource {

    /** The lease a controller may ask for: a heartbeat each second needs 1 s; beyond 30 s an orphan runs too long. */
    static final long MIN_LEASE_MILLIS = 1_000;
    static final long MAX_LEASE_MILLIS = 30_000;
    private static final int MAX_CONTROLLER_RUN_ID = 64;
    /**
     * A part's start may lie this far behind the agent's clock (a handover that took a while starts at once) and this
     * far ahead: a controller asks for about 1 s ahead plus 50 ms an agent, 4.2 s for 64 agents. Long.MIN_VALUE was
     * taken, and scheduled a part 292 years ahead holding the slot (issue 22).
     */
    static final long START_BEHIND_NANOS = 1_000_000_000L;
    static final long START_AHEAD_NANOS = 60_000_000_000L;

    @Inject
    JsonBody json;
    @Inject
    SpecParser parser;
    @Inject
    TargetGuard guard;
    @Inject
    AgentParts parts;
    @Inject
    NanoClock clock;
    @Inject
    ActiveJob slot;
    @Inject
    DataDir dataDir;
    @ConfigProperty(name = "loadgen.agent.name")
    Optional<String> name;
    @ConfigProperty(name = "loadgen.agent.version")
    String version;

    @GET
    @Path("info")
    @Operation(operationId = "getAgentInfo", summary = "Who this agent is, its version, and whether it can take a part now")
    public AgentInfo info() {
        List<ActiveJob.Job> active = slot.holders();
        Optional<String> problem = dataDir.problem();
        String reason = !active.isEmpty() ? "busy with " + active.get(0)
                : problem.map(p -> "data dir: " + p).orElse(null);
        return new AgentInfo(AgentName.of(name), version, reason == null, reason, Cores.ofThisProcess());
    }

    @GET
    @Path("clock")
    @Operation(operationId = "getAgentClock", summary = "This agent's monotonic clock as the request arrived and as the answer left (NTP t1, t2)")
    public ClockReading clock() {
        long received = clock.nanoTime();
        return new ClockReading(received, clock.nanoTime());
    }

    @POST
    @Path("runs")
    @Consumes(MediaType.WILDCARD)
    @Operation(operationId = "scheduleAgentPart", summary = "Schedule this agent's part of a distributed run at an instant on its own clock")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(
            type = SchemaType.OBJECT, requiredProperties = {"controllerRunId", "startAtNanos", "leaseMillis", "spec"},
            properties = {
                @SchemaProperty(name = "controllerRunId", type = SchemaType.STRING),
                @SchemaProperty(name = "startAtNanos", type = SchemaType.INTEGER, format = "int64",
                        description = "when to start, on this agent's monotonic clock (GET /agent/clock)"),
                @SchemaProperty(name = "leaseMillis", type = SchemaType.INTEGER, format = "int64",
                        minimum = "" + MIN_LEASE_MILLIS, maximum = "" + MAX_LEASE_MILLIS),
                @SchemaProperty(name = "spec", ref = KindsOpenApiFilter.RUN_SPEC,
                        description = "this agent's part, a local spec of the run's own kind")})))
    public Response start(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] body) {
        JsonNode root = json.read(contentType, body, "a JSON agent part (controllerRunId, startAtNanos, leaseMillis, spec)");
        Violations v = new Violations();
        String controllerRunId = text(root, "controllerRunId", v);
        int found = v.list().size();
        long startAt = number(root, "startAtNanos", Long.MIN_VALUE, Long.MAX_VALUE, v);
        if (v.list().size() == found) { // a number: is it an instant this agent can wait for?
            checkStart(startAt, clock.nanoTime(), v);
        }
        long lease = number(root, "leaseMillis", MIN_LEASE_MILLIS, MAX_LEASE_MILLIS, v);

        JsonNode specNode = root == null ? null : root.get("spec");
        if (specNode == null || !specNode.isObject()) {
            v.add("spec", "is required: a JSON run spec");
        }
        v.throwIfAny();
        RunSpec spec = parser.parse(specNode);
        spec.destinations().forEach(guard::check);
        AgentRunStarted started = parts.start(controllerRunId, spec, startAt, Duration.ofMillis(lease));
        return Response.accepted(started).build();
    }

    @GET
    @Path("runs/{id}/intervals")
    @Operation(operationId = "getAgentPartIntervals", summary = "A part's one-second intervals from index `from` on (renews its lease)")
    @APIResponse(responseCode = "200", description = "The intervals from `from` on", content = @Content(schema = @Schema(implementation = IntervalBatch.class)))
    @APIResponse(responseCode = "400", description = "from or report out of range; violations name it")
    @APIResponse(responseCode = "404", description = "Unknown part")
    public IntervalBatch intervals(@PathParam("id") String id, @QueryParam("from") String from,
                                   @QueryParam("report") String report) {
        long k = from == null || from.isEmpty() ? 0 : PageRequest.intParam("from", from, 0, 0, Integer.MAX_VALUE);
        Violations v = new Violations();
        v.check(report == null || report.equals("true") || report.equals("false"), "report", "must be true or false");
        v.throwIfAny();
        return parts.intervals(id, k, "true".equals(report)).orElseThrow(() -> unknown(id));
    }

    @POST
    @Path("runs/{id}/heartbeat")
    @Operation(operationId = "renewAgentPart", summary = "Renews a part's lease")
    @APIResponse(responseCode = "204", description = "Renewed")
    @APIResponse(responseCode = "404", description = "Unknown part")
    public Response heartbeat(@PathParam("id") String id) {
        if (!parts.heartbeat(id)) {
            throw unknown(id);
        }
        return Response.noContent().build();
    }

    @DELETE
    @Path("runs/{id}")
    @Operation(operationId = "stopAgentPart", summary = "Stops a part, before or after its start")
    @APIResponse(responseCode = "204", description = "Stopped")
    @APIResponse(responseCode = "404", description = "Unknown part")
    public Response cancel(@PathParam("id") String id) {
        if (!parts.cancel(id)) {
            throw unknown(id);
        }
        return Response.noContent().build();
    }

    private static void checkStart(long startAt, long now, Violations v) {
        if (startAt < now - START_BEHIND_NANOS || startAt > now + START_AHEAD_NANOS) {
            v.add("startAtNanos", "must be within " + START_BEHIND_NANOS / 1_000_000_000L + " s before and "
                    + START_AHEAD_NANOS / 1_000_000_000L + " s after this agent's clock, now " + now);
        }
    }

    private static ApiException unknown(String id) {
        return new ApiException(404, "no agent part " + id);
    }

    private static String text(JsonNode root, String field, Violations v) {
        JsonNode n = root == null ? null : root.get(field);
        if (n == null || !n.isTextual() || n.textValue().isEmpty() || n.textValue().length() > MAX_CONTROLLER_RUN_ID) {
            v.add(field, "is required: a string of 1 to " + MAX_CONTROLLER_RUN_ID + " characters");
            return null;
        }
        return n.textValue();
    }

    private static long number(JsonNode root, String field, long min, long max, Violations v) {
        JsonNode n = root == null ? null : root.get(field);
        if (n == null || !n.canConvertToLong() || !n.isIntegralNumber() || n.longValue() < min || n.longValue() > max) {
            v.add(field, "is required: an integer" + (min == Long.MIN_VALUE ? "" : " from " + min + " to " + max));
            return 0;
        }
        return n.longValue();
    }
}
