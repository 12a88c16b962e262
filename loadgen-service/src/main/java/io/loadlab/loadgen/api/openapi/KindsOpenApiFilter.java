package io.loadlab.loadgen.api.openapi;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.run.KindTypes;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunSpec;
import io.quarkus.arc.Arc;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Discriminator;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the {@value #RUN_SPEC} component, which {@code POST /runs} takes and a run's view shows: {@code oneOf} every
 * installed kind's spec, with {@code kind} as the discriminator, each spec's schema read from its record
 * ({@link RecordSchemas}) with {@code kind} required and its own name as the only value.
 *
 * <p>At startup, not at build: the kinds are the CDI beans {@link RunKinds} collects, and a kind in a test's source set
 * is one too; the build-time scanner sees only classes an annotation names, and {@code api} names none of a kind's.
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.RUNTIME_STARTUP)
public class KindsOpenApiFilter implements OASFilter {

    /** The component's name; resources name it with {@code @Schema(ref = "RunSpec")}. */
    public static final String RUN_SPEC = "RunSpec";
    /** Where each kind's example spec lies on the classpath, as {@code <kind>.json}. */
    public static final String EXAMPLES = "openapi/examples/";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        RunKinds kinds = Arc.container().instance(RunKinds.class).get();
        ObjectMapper mapper = Arc.container().instance(ObjectMapper.class).get();
        RecordSchemas records = new RecordSchemas(mapper, Map.of(RunSpec.class, RUN_SPEC));
        Discriminator discriminator = OASFactory.createDiscriminator().propertyName("kind");
        List<Schema> specs = new ArrayList<>();
        for (KindTypes kind : kinds.types()) {
            Schema ref = records.ref(kind.specType());
            Schema spec = records.components().get(records.componentName(kind.specType()));
            Map<String, Schema> fields = new LinkedHashMap<>(); // kind first, as Jackson writes it
            fields.put("kind", OASFactory.createSchema().addType(SchemaType.STRING).addEnumeration(kind.kind()));
            if (spec.getProperties() != null) {
                fields.putAll(spec.getProperties());
            }
            besideTheSpec(fields, kinds.splitting().contains(kind.kind()));
            spec.properties(fields).addRequired("kind");
            discriminator.addMapping(kind.kind(), ref.getRef());
            specs.add(ref);
        }
        Schema runSpec = OASFactory.createSchema().oneOf(specs).discriminator(discriminator)
                .description("A run's spec, told apart by \"kind\" (" + String.join(", ", kinds.names())
                        + "). To spread a run over agents, post its own kind with \"agents\": N or \"all\" (kinds "
                        + String.join(", ", kinds.splitting()) + "). Each spec is shown in its stored form, as GET "
                        + "/runs/{id} gives it back; a kind's reader also takes shorter forms (a bitrate "
                        + "as 100M), and fills in what is left out.");
        Components components = openAPI.getComponents();
        if (components == null) {
            components = OASFactory.createComponents();
            openAPI.setComponents(components);
        }
        records.components().forEach(components::addSchema);
        components.addSchema(RUN_SPEC, runSpec);
        examples(openAPI, kinds, mapper);
    }

    /**
     * The fields {@code POST /runs} takes beside any kind's own (the API's spec parser reads them off the body before
     * the kind's reader sees it): a gate, a baseline, and for a kind that splits over agents, how many.
     */
    private static void besideTheSpec(Map<String, Schema> fields, boolean splits) {
        fields.putIfAbsent("thresholds", OASFactory.createSchema().addType(SchemaType.OBJECT)
                .additionalPropertiesSchema(OASFactory.createSchema())
                .description("The run's gate: figure -> condition(s), e.g. {\"p99Millis\": \"< 20\"}; judged when it ends"));
        fields.putIfAbsent("baseline", OASFactory.createSchema().addType(SchemaType.STRING)
                .description("A run or experiment id to compare the run with when it ends"));
        if (splits) {
            fields.putIfAbsent("agents", OASFactory.createSchema().oneOf(List.of(
                            OASFactory.createSchema().addType(SchemaType.INTEGER).minimum(java.math.BigDecimal.ONE)
                                    .maximum(java.math.BigDecimal.valueOf(64)),
                            OASFactory.createSchema().addType(SchemaType.STRING).addEnumeration("all")))
                    .description("Spread the run over this many agents, or all (a controller: loadgen.agents set)"));
        }
    }

    /**
     * One example per installed kind on {@code POST /runs}, from {@value #EXAMPLES}{@code <kind>.json}; for
     * {@code distributed}, the spec a user posts to get one (a kind of their own with {@code "agents"}).
     * {@code OpenApiExamplesTest} reads every one through the API's own spec parser.
     */
    private static void examples(OpenAPI openAPI, RunKinds kinds, ObjectMapper mapper) {
        PathItem runs = openAPI.getPaths() == null ? null : openAPI.getPaths().getPathItem("/runs");
        if (runs == null || runs.getPOST() == null || runs.getPOST().getRequestBody() == null
                || runs.getPOST().getRequestBody().getContent() == null) {
            return;
        }
        MediaType json = runs.getPOST().getRequestBody().getContent().getMediaType("application/json");
        if (json == null) {
            return;
        }
        for (String kind : kinds.names().stream().sorted().toList()) {
            try (InputStream in = KindsOpenApiFilter.class.getClassLoader().getResourceAsStream(EXAMPLES + kind + ".json")) {
                if (in != null) {
                    json.addExample(kind, OASFactory.createExample().summary(kind.equals("distributed")
                            ? "http spread over every agent (a controller: loadgen.agents set)" : "a " + kind + " run")
                            .value(mapper.readValue(in, Map.class)));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("the OpenAPI example of kind " + kind, e);
            }
        }
    }
}
