package io.loadlab.loadgen.http;

import io.loadlab.loadgen.api.BigRecords;
import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.run.DisturbanceLimits;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.testsupport.Nginx;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run watches its own event loops while it measures. With a limit of zero any lateness flags it, so a real run is
 * flagged and its JSON and text say so; with generous limits (10 s late, all of the time in GC) the same run is not.
 */
@SystemTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GeneratorDisturbanceTest {

    private Nginx nginx;

    @BeforeAll
    void startNginx() throws Exception {
        nginx = Nginx.start("{\"ok\":true}");
    }

    @AfterAll
    void stopNginx() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
    }

    private HttpReport run(DisturbanceLimits limits) throws Exception {
        HttpRunDriver driver = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler(), limits);
        RunOutcome outcome = HttpRunDriverTest.await(driver.start(
                Specs.spec(nginx.uri("/hello"), 2, 2, 600, 100, 200, true, 2_000)), 30);
        assertNull(outcome.failure());
        return (HttpReport) outcome.report();
    }

    @Test
    void withALimitOfZeroTheRunIsFlaggedAndItsReportsSaySo() throws Exception {
        HttpReport r = run(new DisturbanceLimits(Duration.ZERO, 0));
        assertNotNull(r.disturbed(), "a loop's timer always runs some nanoseconds late");
        assertTrue(r.disturbed().maxLoopLagMicros() > 0);
        assertTrue(r.disturbed().reason().contains("loadgen.generator.max-loop-lag 0 ms"), r.disturbed().reason());
        String text = WrkTextReport.render(nginx.uri("/hello"), Duration.ofMillis(600), 2, 2, r, null);
        assertTrue(text.contains("DISTURBED: the load generator was held up"), text);
        String json = BigRecords.mapper().writeValueAsString(r);
        assertTrue(json.contains("\"disturbed\":{\"maxLoopLagMicros\""), json);
    }

    @Test
    void withGenerousLimitsTheSameRunIsNot() throws Exception {
        HttpReport r = run(new DisturbanceLimits(Duration.ofSeconds(10), 1));
        assertNull(r.disturbed());
        assertTrue(r.requests() > 0);
        assertEquals(r.requests(), r.latencyMicros().count());
        String json = BigRecords.mapper().writeValueAsString(r);
        assertTrue(!json.contains("disturbed"), "an undisturbed report has no block: " + json);
        assertTrue(!WrkTextReport.render(nginx.uri("/hello"), Duration.ofMillis(600), 2, 2, r, null).contains("DISTURBED"));
    }
}
