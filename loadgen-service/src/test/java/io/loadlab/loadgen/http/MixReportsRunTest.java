package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.SeriesPoint;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.testsupport.Nginx;
import io.loadlab.testsupport.SystemTest;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a user reads of a mix run, on a real run against a real nginx: one name answered 200, the other 404. Each
 * name's figures (counts, errors, bytes, histogram) add up to the run's totals exactly, its series to its own figures, the 404s are the
 * second name's alone, the wrk text has a row per name, and {@code loadgen_requests_total{name}} adds up as well.
 */
@SystemTest
class MixReportsRunTest {

    private static Nginx nginx;

    @BeforeAll
    static void startNginx() throws Exception {
        nginx = Nginx.start("{\"ok\":true}");
    }

    @AfterAll
    static void stopNginx() throws Exception {
        nginx.close();
    }

    @Test
    void eachNameAddsUpToTheTotalsOnARealRun() throws Exception {
        URI target = nginx.uri("/");
        HttpRunSpec spec = new HttpRunSpec(target, "GET", Map.of(), null, 2, 1, Duration.ofMillis(1_500),
                Duration.ofMillis(300), 0, true, Duration.ofSeconds(2), HttpProtocol.HTTP_1_1, 1, null,
                List.of(new RequestSpec("hello", 3, "GET", "/hello", Map.of(), null),
                        new RequestSpec("missing", 1, "GET", "/missing", Map.of(), null)), Map.of(), 5);
        HttpRunDriver driver = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler());
        RunOutcome outcome = HttpRunDriverTest.await(driver.start(spec), 30);
        assertNull(outcome.failure());
        HttpReport r = (HttpReport) outcome.report();

        RequestReport hello = r.mix().get(0);
        RequestReport missing = r.mix().get(1);
        assertEquals(List.of("hello", "missing"), r.mix().stream().map(RequestReport::name).toList());
        assertTrue(hello.requests() > 100 && missing.requests() > 30, r.toString());
        assertEquals(r.requests(), hello.requests() + missing.requests());
        assertEquals(r.warmupRequests(), hello.warmupRequests() + missing.warmupRequests());
        assertEquals(r.bytesReceived(), hello.bytesReceived() + missing.bytesReceived());
        assertEquals(r.bytesSent(), hello.bytesSent() + missing.bytesSent());
        assertEquals(r.errors().total(), hello.errors().total() + missing.errors().total());
        assertEquals(0, hello.errors().total());
        assertEquals(missing.requests(), missing.errors().status4xx(), "every /missing is nginx's 404, none else");
        assertEquals(r.latencyMicros().count(), hello.latencyMicros().count() + missing.latencyMicros().count());
        assertEquals(hello.requests(), HistogramCodec.decode(hello.latencyHistogram()).getTotalCount());
        assertEquals(missing.requests(), HistogramCodec.decode(missing.latencyHistogram()).getTotalCount());
        // Each name's seconds are cut by its own ticker, a few ms from the run's (412 of 15,890 requests moved to the
        // next second in one run here), so points are compared over the run: each name's add up to its figures.
        assertEquals(r.series().points().size(), hello.series().points().size(), "a point per second, as the totals");
        for (RequestReport name : r.mix()) {
            assertEquals(name.requests(), name.series().points().stream().mapToLong(SeriesPoint::requests).sum());
            assertEquals(name.errors().total(), name.series().points().stream().mapToLong(SeriesPoint::errors).sum());
        }
        String text = WrkTextReport.render(target, spec.duration(), 1, 2, r, null);
        assertTrue(text.contains("  Requests by name\n"), text);
        for (RequestReport name : r.mix()) {
            String row = name.name() + " " + name.weight() + " " + name.requests() + " ";
            assertTrue(text.lines().anyMatch(l -> (l.trim().replaceAll(" +", " ") + " ").startsWith(row)), row + "\n" + text);
        }

        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new HttpOutcomeMeters(registry).count(r);
        assertEquals((double) hello.requests(), count(registry, "hello", "ok"));
        assertEquals((double) missing.requests(), count(registry, "missing", "status4xx"));
        assertEquals((double) r.requests() + r.errors().unanswered(), registry.find("loadgen.requests").counters()
                .stream().mapToDouble(Counter::count).sum(), "the names add up to the totals");
    }

    private static double count(SimpleMeterRegistry registry, String name, String outcome) {
        return registry.find("loadgen.requests").tag("name", name).tag("outcome", outcome).counter().count();
    }
}
