package io.loadlab.target.metrics;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
class MetricsAndHealthTest {

    private static final String APP = "application=\"target-service\"";
    private static final String CORES = "cores=\"" + Runtime.getRuntime().availableProcessors() + "\"";

    @Test
    void serverRequestsAreCountedByUriAndStatus() {
        String uri = "uri=\"/test/testApi\"";
        Scrape before = Scrape.now();
        given().contentType(ContentType.JSON).body("{\"number\": 1}").post("/test/testApi").then().statusCode(200);
        given().contentType(ContentType.JSON).body("{\"number\": -1}").post("/test/testApi").then().statusCode(400);
        Scrape after = Scrape.now();

        String ok = "status=\"200\"";
        String bad = "status=\"400\"";
        String post = "method=\"POST\"";
        assertEquals(1, after.value("http_server_requests_seconds_count", uri, ok, post)
                - before.value("http_server_requests_seconds_count", uri, ok, post));
        assertEquals(1, after.value("http_server_requests_seconds_count", uri, bad, post)
                - before.value("http_server_requests_seconds_count", uri, bad, post));
    }

    @Test
    void serverLatencyIsAHistogramWithBoundedBuckets() {
        given().contentType(ContentType.JSON).body("{\"number\": 2}").post("/test/testApi").then().statusCode(200);
        Scrape scrape = Scrape.now();
        String uri = "uri=\"/test/testApi\"";
        assertEquals(scrape.value("http_server_requests_seconds_count", uri, "status=\"200\""),
                scrape.value("http_server_requests_seconds_bucket", uri, "status=\"200\"", "le=\"+Inf\""),
                "the +Inf bucket counts every request");
        long buckets = scrape.text().lines().filter(l -> l.startsWith("http_server_requests_seconds_bucket{")
                && l.contains(uri) && l.contains("status=\"200\"") && l.contains("method=\"POST\"")
                && l.contains("protocol=\"http/1.1\"") && l.contains("scheme=\"http\"")).count();
        assertTrue(buckets >= 10 && buckets <= 90, "buckets per series: " + buckets);
    }

    @Test
    void cpuAndMemoryMetersAreExported() {
        String text = Scrape.now().text();
        for (String meter : new String[] {"process_cpu_usage{", "system_cpu_usage{", "system_cpu_count{",
                "jvm_memory_used_bytes{", "cache_gets_total{"}) {
            assertTrue(text.contains(meter), meter + " missing from /q/metrics");
        }
    }

    @Test
    void everyMeterCarriesTheApplicationAndCoresTags() {
        long samples = Scrape.now().text().lines().filter(l -> !l.startsWith("#") && !l.isBlank()).peek(line ->
                assertTrue(line.contains(APP) && line.contains(CORES), "untagged sample: " + line)).count();
        assertTrue(samples > 20, "expected a full set of meters, got " + samples);
    }

    @Test
    void livenessAndReadinessAreUp() {
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }
}
