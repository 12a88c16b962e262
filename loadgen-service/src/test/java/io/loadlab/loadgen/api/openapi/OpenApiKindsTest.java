package io.loadlab.loadgen.api.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.run.KindTypes;
import io.loadlab.loadgen.run.RunKinds;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.lang.reflect.RecordComponent;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The served OpenAPI document lists every installed kind's spec as the body of {@code POST /runs}: {@code oneOf}
 * with {@code kind} as the discriminator, mapped for exactly {@link RunKinds#names()} (the test-only {@code fixed}
 * kind too, which nothing here names), each spec with {@code kind} required and its name the one value, and every
 * component of the spec record present under its JSON type. Before, the body was {@code HttpRunSpec} alone.
 */
@QuarkusTest
class OpenApiKindsTest {

    @Inject
    RunKinds kinds;

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void postRunsTakesOneOfEveryInstalledKindsSpec() throws Exception {
        JsonNode doc = json.readTree(given().get("/q/openapi?format=json").then().statusCode(200).extract().asString());
        JsonNode schemas = doc.path("components").path("schemas");
        JsonNode body = doc.at("/paths/~1runs/post/requestBody/content/application~1json/schema");
        JsonNode runSpec = resolve(schemas, body);
        JsonNode mapping = runSpec.path("discriminator").path("mapping");
        assertEquals("kind", runSpec.path("discriminator").path("propertyName").asText(), runSpec.toString());

        Set<String> mapped = new TreeSet<>();
        mapping.fieldNames().forEachRemaining(mapped::add);
        assertEquals(kinds.names(), mapped);
        assertTrue(mapped.contains("fixed"), "the test source set's kind is installed and listed: " + mapped);
        Set<String> oneOf = new TreeSet<>();
        runSpec.path("oneOf").forEach(s -> oneOf.add(s.path("$ref").asText()));
        Set<String> targets = new TreeSet<>();
        mapping.forEach(m -> targets.add(m.asText()));
        assertEquals(oneOf, targets, "oneOf and the mapping name the same schemas");

        for (KindTypes kind : kinds.types()) {
            JsonNode spec = resolve(schemas, json.createObjectNode().put("$ref", mapping.path(kind.kind()).asText()));
            assertEquals(List.of("kind"), strings(spec.path("required")), kind.kind());
            assertEquals(List.of(kind.kind()), strings(spec.at("/properties/kind/enum")), kind.kind());
            for (RecordComponent c : kind.specType().getRecordComponents()) {
                JsonNode field = spec.path("properties").path(c.getName());
                assertFalse(field.isMissingNode(), kind.kind() + " lacks " + c.getName() + ": " + spec);
                assertEquals(expectedType(c.getType()), typeOf(field), kind.kind() + "." + c.getName() + ": " + field);
                if (c.getType().isEnum()) { // the values Jackson writes (HttpProtocol's @JsonValue: http/1.1, h2, h2c)
                    List<String> values = new ArrayList<>();
                    for (Object constant : c.getType().getEnumConstants()) {
                        values.add(json.valueToTree(constant).asText());
                    }
                    assertEquals(values, strings(field.path("enum")), kind.kind() + "." + c.getName());
                }
            }
        }
    }

    @Test
    void anAgentsPartIsTheSameRunSpec() throws Exception {
        JsonNode doc = json.readTree(given().get("/q/openapi?format=json").then().statusCode(200).extract().asString());
        JsonNode users = doc.at("/paths/~1runs/post/requestBody/content/application~1json/schema/$ref");
        JsonNode part = doc.at("/paths/~1agent~1runs/post/requestBody/content/application~1json/schema");
        assertEquals(users.asText(), part.at("/properties/spec/$ref").asText(), part.toString());
        assertEquals(List.of("controllerRunId", "startAtNanos", "leaseMillis", "spec"), strings(part.path("required")));
    }

    @Test
    void theDocumentIsOpenApi3AndEveryRefResolves() throws Exception {
        JsonNode doc = json.readTree(given().get("/q/openapi?format=json").then().statusCode(200).extract().asString());
        assertTrue(doc.path("openapi").asText().startsWith("3."), doc.path("openapi").toString());
        List<String> refs = new ArrayList<>();
        collectRefs(doc, refs);
        assertTrue(refs.size() > kinds.names().size(), "refs: " + refs);
        for (String ref : refs) {
            assertTrue(ref.startsWith("#/"), ref);
            assertFalse(doc.at(ref.substring(1)).isMissingNode(), "unresolved " + ref);
        }
    }

    /** The JSON type a component of this Java type is written as, "$ref" for a record of its own. */
    private static String expectedType(Class<?> t) {
        if (t == String.class || t == URI.class || t == Duration.class || t.isEnum()) {
            return "string";
        }
        if (t == boolean.class || t == Boolean.class) {
            return "boolean";
        }
        if (t == int.class || t == long.class || t == Integer.class || t == Long.class) {
            return "integer";
        }
        if (t == double.class || t == Double.class) {
            return "number";
        }
        if (Collection.class.isAssignableFrom(t)) {
            return "array";
        }
        if (Map.class.isAssignableFrom(t)) {
            return "object";
        }
        return "$ref"; // a record of its own, or RunSpec (a distributed run's run)
    }

    private static String typeOf(JsonNode field) {
        if (field.has("$ref")) {
            return "$ref";
        }
        JsonNode type = field.path("type");
        return type.isArray() ? type.path(0).asText() : type.asText();
    }

    private static JsonNode resolve(JsonNode schemas, JsonNode schema) {
        String ref = schema.path("$ref").asText();
        assertTrue(ref.startsWith("#/components/schemas/"), "a $ref: " + schema);
        JsonNode found = schemas.path(ref.substring("#/components/schemas/".length()));
        assertFalse(found.isMissingNode(), "unresolved " + ref);
        return found;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static void collectRefs(JsonNode node, List<String> refs) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> {
                if (e.getKey().equals("$ref") && e.getValue().isTextual()) {
                    refs.add(e.getValue().asText());
                } else {
                    collectRefs(e.getValue(), refs);
                }
            });
        } else if (node.isArray()) {
            node.forEach(n -> collectRefs(n, refs));
        }
    }
}
