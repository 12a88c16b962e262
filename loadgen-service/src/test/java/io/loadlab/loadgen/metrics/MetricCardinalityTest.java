package io.loadlab.loadgen.metrics;

import io.loadlab.testsupport.CardinalityProbe;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

/**
 * Request-borne tags are bounded: 1,000 requests with random method tokens (one of 3,000 characters) and
 * random paths leave /q/metrics about as long as it was. Before the fix each new method added a
 * series (300 methods took it from 326 to 1,226 lines).
 */
@QuarkusTest
class MetricCardinalityTest {

    /**
     * Two rounds of 1,000: the first may meet each bounded tag value once (a known method or OTHER, a
     * status, a template or UNKNOWN: at most 100 lines); the second, with fresh random tokens and paths,
     * adds at most a few lines, because nothing in a series name comes from the request as sent.
     */
    @Test
    void randomMethodsAndPathsAddAtMostAFewLines() {
        new CardinalityProbe(RestAssured.port, "/runs", "{}",
                () -> RestAssured.given().get("/q/metrics").then().statusCode(200).extract().asString())
                .assertBounded(100, 5);
    }
}
