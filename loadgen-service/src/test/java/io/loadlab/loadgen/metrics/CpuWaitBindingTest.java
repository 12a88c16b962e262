package io.loadlab.loadgen.metrics;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The loadgen exports the same CPU wait meters as the target, under its own prefix. */
@QuarkusTest
class CpuWaitBindingTest {

    @Test
    void waitThrottlingAndQuotaAreExported() {
        String text = given().get("/q/metrics").then().statusCode(200).extract().asString();
        for (String name : new String[]{"loadgen_cpu_runqueue_wait_seconds_total", "loadgen_cpu_periods_total",
                "loadgen_cpu_throttled_periods_total", "loadgen_cpu_throttled_seconds_total", "loadgen_cpu_quota_cores"}) {
            assertTrue(text.lines().anyMatch(l -> l.startsWith(name + "{agent=\"test-agent\",application=\"loadgen-service\"")), name + " missing");
        }
    }
}
