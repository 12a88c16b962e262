package io.loadlab.target.metrics;

import io.loadlab.testsupport.CardinalityProbe;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

/**
 * Request-borne tags are bounded: 1,000 requests with random method tokens (one of 3,000 characters) and
 * random paths leave /q/metrics about as long as it was. Before the fix each new method added an 81-bucket
 * histogram series (3,300 methods took the scrape from 39 KB to 48 MB).
 */
@QuarkusTest
class MetricCardinalityTest {

    /**
     * Two rounds of 1,000: the first may meet each of the API route's own meters once (GET or POST × the
     * five statuses it answers × 88 lines of an 81-bucket histogram: at most 900 lines); the second, with fresh random tokens and paths,
     * adds at most a few lines, because nothing in a series name comes from the request as sent.
     */
    @Test
    void randomMethodsAndPathsAddAtMostAFewLines() {
        new CardinalityProbe(RestAssured.port, "/test/testApi", "{\"number\": 1}", () -> Scrape.now().text())
                .assertBounded(900, 5);
    }
}
