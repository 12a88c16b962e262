package io.loadlab.loadgen.api.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.api.spec.SpecParser;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.KindTypes;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Violation;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code POST /runs} in the served document has an example per kind the build ships, and each one is a spec the API
 * takes: read by the same parser {@code POST /runs} uses, with nothing refused. The distributed example needs a
 * controller, which this test app is not: it is refused for its {@code agents} alone.
 */
@QuarkusTest
class OpenApiExamplesTest {

    @Inject
    RunKinds kinds;

    @Inject
    SpecParser parser;

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void everyShippedKindHasAnExampleThatTheApiTakes() throws Exception {
        JsonNode doc = json.readTree(given().get("/q/openapi?format=json").then().statusCode(200).extract().asString());
        JsonNode examples = doc.at("/paths/~1runs/post/requestBody/content/application~1json/examples");
        Set<String> named = new TreeSet<>();
        examples.fieldNames().forEachRemaining(named::add);
        Set<String> shipped = new TreeSet<>();
        for (KindTypes kind : kinds.types()) {
            if (!kind.specType().getProtectionDomain().getCodeSource().getLocation().getPath().contains("test-classes")) {
                shipped.add(kind.kind());
            }
        }
        assertEquals(shipped, named, "one example per kind the build ships");
        for (String kind : named) {
            JsonNode value = examples.path(kind).path("value");
            try {
                RunSpec spec = parser.parseAsked(value).spec();
                assertTrue(!kind.equals("distributed"), "a distributed run taken by a loadgen with no agents: " + spec);
                assertEquals(kind, spec.kind(), value.toString());
            } catch (InvalidSpecException refused) {
                List<String> fields = refused.violations().stream().map(Violation::field).toList();
                assertTrue(kind.equals("distributed") && fields.equals(List.of("agents")),
                        kind + "'s example refused: " + refused.violations());
            }
        }
    }
}
