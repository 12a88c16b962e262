package io.loadlab.loadgen.metrics;

import io.loadlab.loadgen.api.FinishedRuns;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.testsupport.Nginx;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code loadgen_latency_seconds} through {@code /q/metrics} for a real run against nginx: each bucket, the count and
 * the sum move by exactly what the run's own histogram ({@code GET /runs/{id}/histogram}) holds, the warm-up's
 * requests left out, and the series carry the common tags and {@code kind}.
 */
@SystemTest
@QuarkusTest
class LatencyHistogramBindingTest {

    private static final String TOKEN = "test-token";
    private static final Pattern LINE = Pattern.compile(
            "^loadgen_latency_seconds_(bucket|count|sum)\\{([^}]*)} (\\S+)$");
    private static Nginx nginx;

    @BeforeAll
    static void startNginx() throws Exception {
        nginx = Nginx.start("ok");
    }

    @AfterAll
    static void stopNginx() throws Exception {
        nginx.close();
    }

    @Test
    void aRunsMeasuredLatencyIsAddedBucketForBucket() throws InterruptedException {
        assertTrue(metrics().contains("# TYPE loadgen_latency_seconds histogram"), "the family is announced before any run");
        Map<String, Double> before = samples();
        String id = runToEnd("{\"kind\":\"http\",\"target\":\"" + nginx.uri("/") + "\",\"method\":\"GET\",\"connections\":2,"
                + "\"threads\":1,\"duration\":\"600ms\",\"warmup\":\"300ms\",\"timeout\":\"2s\"}");
        Map<String, Double> after = samples();

        String base64 = RestAssured.given().queryParam("format", "base64").get("/runs/" + id + "/histogram")
                .then().statusCode(200).extract().asString();
        org.HdrHistogram.Histogram run = HistogramCodec.decode(base64);
        System.out.printf("LatencyHistogramBindingTest: nginx on loopback, min %d µs, p50 %d µs, p99 %d µs over %d requests%n",
                run.getMinValue() / 1000, run.getValueAtPercentile(50) / 1000, run.getValueAtPercentile(99) / 1000,
                run.getTotalCount());
        LatencyBuckets expected = new LatencyBuckets();
        expected.add(run);
        long[] cumulative = expected.cumulative();
        assertTrue(expected.count() > 0, "the run measured nothing");
        for (int i = 0; i < cumulative.length; i++) {
            String le = i < LatencyBuckets.BOUNDS_SECONDS.length
                    ? io.prometheus.client.Collector.doubleToGoString(LatencyBuckets.BOUNDS_SECONDS[i]) : "+Inf";
            assertEquals(cumulative[i], delta(before, after, "bucket le=" + le), "bucket le=" + le);
        }
        assertEquals(expected.count(), delta(before, after, "count"), "count");
        assertEquals(expected.sumSeconds(), after.get("sum") - before.getOrDefault("sum", 0.0), 1e-9, "sum");
    }

    private static long delta(Map<String, Double> before, Map<String, Double> after, String key) {
        assertTrue(after.containsKey(key), () -> key + " not scraped: " + after.keySet());
        return Math.round(after.get(key) - before.getOrDefault(key, 0.0));
    }

    /** The http kind's series by "bucket le=...", "count", "sum"; each carries application, cores and agent. */
    private static Map<String, Double> samples() {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String line : metrics().lines().toList()) {
            Matcher m = LINE.matcher(line);
            if (!m.matches() || !m.group(2).contains("kind=\"http\"")) {
                continue;
            }
            for (String tag : new String[]{"application=\"loadgen-service\"", "cores=\"", "agent=\""}) {
                assertTrue(m.group(2).contains(tag), line + " lacks " + tag);
            }
            Matcher le = Pattern.compile("le=\"([^\"]+)\"").matcher(m.group(2));
            out.put(le.find() ? m.group(1) + " le=" + le.group(1) : m.group(1), Double.parseDouble(m.group(3)));
        }
        return out;
    }

    private static String metrics() {
        return RestAssured.given().get("/q/metrics").then().statusCode(200).extract().asString();
    }

    private static String runToEnd(String spec) throws InterruptedException {
        String id = RestAssured.given().header("Authorization", "Bearer " + TOKEN).contentType("application/json")
                .body(spec).post("/runs").then().statusCode(202).extract().path("id");
        FinishedRuns.completed(id, "Bearer " + TOKEN);
        return id;
    }
}
