package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.run.RunRecord;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code loadgen_requests_total{name, outcome}}: names add up to the totals, and the set of names is bounded. */
class HttpOutcomeMetersTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final HttpOutcomeMeters meters = new HttpOutcomeMeters(registry);

    private static HttpRunSpec mixSpec(List<String> names) {
        return new HttpRunSpec(URI.create("http://127.0.0.1:1/"), "GET", Map.of(), null, 2, 1, Duration.ofSeconds(1),
                Duration.ZERO, 0, true, Duration.ofSeconds(1), HttpProtocol.HTTP_1_1, 1, null,
                names.stream().map(n -> new RequestSpec(n, 1, "GET", "/" + n, Map.of(), null)).toList(), Map.of(), 0);
    }

    private static HttpReport report(long requests, HttpErrors errors) {
        return new HttpReport(requests, 1.0, requests, 0, 0, errors, LatencySummary.EMPTY, null, null, 2, 0, requests, 0,
                null, null, 2, 2, 0);
    }

    private static RequestReport named(String name, long requests, HttpErrors errors) {
        return new RequestReport(name, 1, requests, requests, requests, 0, 0, 0, errors, LatencySummary.EMPTY, null, null);
    }

    private double count(String name, String outcome) {
        Counter c = registry.find("loadgen.requests").tag("name", name).tag("outcome", outcome).counter();
        return c == null ? Double.NaN : c.count();
    }

    private Set<String> names() {
        return registry.find("loadgen.requests").counters().stream().map(c -> c.getId().getTag("name"))
                .collect(Collectors.toSet());
    }

    @Test
    void aRunWithoutAMixCountsUnderDefaultAsBefore() {
        assertEquals(0.0, count("default", "ok"), "registered at startup");
        meters.count(report(10, new HttpErrors(1, 2, 0, 1, 0, 3)));

        assertEquals(6.0, count("default", "ok"), "10 answered, 1 redirect and 3 server errors among them");
        assertEquals(1.0, count("default", "status3xx"));
        assertEquals(3.0, count("default", "status5xx"));
        assertEquals(1.0, count("default", "connect"));
        assertEquals(2.0, count("default", "timeout"));
    }

    @Test
    void aMixCountsEachNameAndWhatNoNameHoldsSoTheyAddUpToTheTotals() {
        HttpRunSpec spec = mixSpec(List.of("get", "post"));
        meters.started(RunRecord.queued("r1", spec, Instant.EPOCH), null);
        assertEquals(0.0, count("get", "ok"), "registered when the run starts: 0 before its first step");
        assertEquals(0.0, count("(connection)", "connect"));

        meters.count(report(40, new HttpErrors(2, 1, 0, 0, 1, 1)).withMix(List.of(
                named("get", 30, new HttpErrors(0, 0, 0, 0, 1, 0)),
                named("post", 10, new HttpErrors(0, 1, 0, 0, 0, 1)))));

        assertEquals(29.0, count("get", "ok"));
        assertEquals(1.0, count("get", "status4xx"));
        assertEquals(9.0, count("post", "ok"));
        assertEquals(1.0, count("post", "timeout"));
        assertEquals(1.0, count("post", "status5xx"));
        assertEquals(2.0, count("(connection)", "connect"), "the connections that never opened are no name's");
        assertEquals(0.0, count("(connection)", "ok"));
        assertEquals(0.0, count("default", "ok"), "a mix run counts nothing under default");
        double all = registry.find("loadgen.requests").counters().stream().mapToDouble(Counter::count).sum();
        assertEquals(40 + 2 + 1, all, 1e-9, "every answer once, plus the unanswered: connects and the timeout");
    }

    @Test
    void namesPastTheCapShareOther() {
        List<String> first = IntStream.range(0, RequestSpec.MAX_NAMES).mapToObj(i -> "a" + i).toList();
        meters.started(RunRecord.queued("r1", mixSpec(first), Instant.EPOCH), null);
        List<String> second = new ArrayList<>(List.of("a0", "b0", "b1"));
        meters.started(RunRecord.queued("r2", mixSpec(second), Instant.EPOCH), null);
        meters.count(report(3, new HttpErrors(0, 0, 0, 0, 0)).withMix(List.of(named("a0", 1, null),
                named("b0", 1, null), named("b1", 1, null))));

        Set<String> expected = new java.util.HashSet<>(first);
        expected.addAll(List.of("default", "(connection)", "(other)"));
        assertEquals(expected, names(), "32 names, then (other)");
        assertEquals(2.0, count("(other)", "ok"), "b0 and b1");
        assertEquals(1.0, count("a0", "ok"));
        assertEquals(RequestSpec.MAX_NAMES + 3, names().size());
    }
}
