package io.loadlab.loadgen.api.openapi;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.api.ApiError;
import io.quarkus.arc.Arc;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;
import org.eclipse.microprofile.openapi.models.tags.Tag;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What every operation of the API has in common, written once rather than on each of them:
 * <ul>
 *   <li>every 4xx and 5xx answer is an {@value #API_ERROR} (the exception mappers write nothing else);</li>
 *   <li>an operation that takes the token may answer 401, and one that does not says so with {@code security: []},
 *       so a generated client sends the token exactly where it is needed;</li>
 *   <li>the bearer scheme is an opaque token ({@code loadgen.api.token}), not a JWT;</li>
 *   <li>each tag says what its operations are for;</li>
 *   <li>no component schema is left that nothing uses ({@link UnusedSchemas}).</li>
 * </ul>
 * Redocly CLI's recommended rules read the result with no error and no warning ({@code OpenApiLintIT}).
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.RUNTIME_STARTUP)
public class ContractOpenApiFilter implements OASFilter {

    /** The error body's component name. */
    public static final String API_ERROR = "ApiError";
    static final String BEARER = "bearer";
    private static final String JSON = "application/json";
    private static final Map<String, String> TAGS = Map.of(
            "runs", "Runs of every kind: start one, follow it, read its report and histogram, cancel it",
            "experiments", "Sweeps of payload by node size with a verdict per cell: what limited it",
            "calibrations", "The generator's own ceiling on this machine, so a verdict can tell it from the target's",
            "data", "Data files (CSV) whose columns request mixes draw values from",
            "pages", "HTML pages of runs, experiments and comparisons, for people",
            "agent", "The agent side of distributed runs, which a controller calls: the token on every call");

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        ObjectMapper mapper = Arc.container().instance(ObjectMapper.class).get();
        RecordSchemas records = new RecordSchemas(mapper, Map.of());
        Schema error = records.ref(ApiError.class);
        Components components = openAPI.getComponents() == null ? OASFactory.createComponents() : openAPI.getComponents();
        records.components().forEach((name, schema) -> {
            if (components.getSchemas() == null || !components.getSchemas().containsKey(name)) {
                components.addSchema(name, schema);
            }
        });
        components.addSecurityScheme(BEARER, OASFactory.createSecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")
                .description("The opaque token the service was given (loadgen.api.token, LOADGEN_API_TOKEN), sent as "
                        + "Authorization: Bearer <token>. Mutating calls and the agent's calls need it; the reads do not."));
        openAPI.components(components);
        if (openAPI.getPaths() != null) {
            for (PathItem path : openAPI.getPaths().getPathItems().values()) {
                for (Operation op : path.getOperations().values()) {
                    secure(op);
                    errors(op, error);
                }
            }
        }
        List<Tag> tags = new ArrayList<>();
        TAGS.keySet().stream().sorted().forEach(name -> tags.add(OASFactory.createTag().name(name).description(TAGS.get(name))));
        openAPI.tags(tags);
        UnusedSchemas.drop(openAPI);
    }

    private static void secure(Operation op) {
        if (op.getSecurity() == null || op.getSecurity().isEmpty()) {
            op.security(new ArrayList<>()); // written as security: [], open to anyone
        } else if (op.getResponses() != null && !op.getResponses().hasAPIResponse("401")) {
            op.getResponses().addAPIResponse("401", OASFactory.createAPIResponse().description("Missing or wrong bearer token"));
        }
    }

    private static void errors(Operation op, Schema error) {
        if (op.getResponses() == null) {
            return;
        }
        for (Map.Entry<String, APIResponse> r : op.getResponses().getAPIResponses().entrySet()) {
            char first = r.getKey().charAt(0);
            if ((first == '4' || first == '5') && r.getValue().getContent() == null) {
                r.getValue().content(OASFactory.createContent().addMediaType(JSON, OASFactory.createMediaType().schema(error)));
            }
        }
    }
}
