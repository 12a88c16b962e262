package io.loadlab.target.answer;

import io.loadlab.target.metrics.Scrape;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

@QuarkusTest
class AnswerCacheTest {

    private static final String HIT = "result=\"hit\"";
    private static final String MISS = "result=\"miss\"";
    private static final String CACHE = "cache=\"test-api\"";

    @Test
    void aRepeatedNumberIsACacheHitAndANewOneAMiss() {
        Scrape before = Scrape.now();
        ask(4242);
        Scrape afterFirst = Scrape.now();
        ask(4242);
        ask(4242);
        Scrape afterRepeats = Scrape.now();

        assertEquals(1, delta(before, afterFirst, MISS), "a number never asked for is built once: one miss");
        assertEquals(0, delta(before, afterFirst, HIT));
        assertEquals(2, delta(afterFirst, afterRepeats, HIT), "the same number again is served from the cache");
        assertEquals(0, delta(afterFirst, afterRepeats, MISS));
    }

    private static double delta(Scrape from, Scrape to, String result) {
        return to.value("cache_gets_total", CACHE, result) - from.value("cache_gets_total", CACHE, result);
    }

    private static void ask(int n) {
        given().contentType(ContentType.JSON).body("{\"number\": " + n + "}")
                .when().post("/test/testApi").then().statusCode(200);
    }
}
