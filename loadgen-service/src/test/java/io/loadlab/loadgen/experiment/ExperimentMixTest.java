package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.mix.ValueOrder;
import io.loadlab.loadgen.mix.ValueSpec;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.run.Violation;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.loadlab.loadgen.experiment.ExperimentProtocolsTest.PLAIN;
import static io.loadlab.loadgen.experiment.ExperimentProtocolsTest.named;
import static io.loadlab.loadgen.experiment.ExperimentProtocolsTest.spec;
import static io.loadlab.loadgen.experiment.ExperimentProtocolsTest.violations;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A variant carrying a request mix (issue 32): what its cells' runs are, how its faults are named, how it is kept. */
class ExperimentMixTest {

    static final RequestSpec GET = new RequestSpec("get-item", 3, "GET", "/items/${id}", Map.of(), null);
    static final RequestSpec POST = new RequestSpec("add-to-cart", 1, "POST", "/cart",
            Map.of("Content-Type", "application/json"), "{\"id\": ${id}, \"qty\": 1}");
    static final Map<String, ValueSpec> IDS = Map.of("id", ValueSpec.range(1, 100, ValueOrder.RANDOM));

    static Variant mix(String name, List<RequestSpec> requests, Map<String, ValueSpec> values, Long seed) {
        return new Variant(0, 4, 1, true, 0, name, null, null, null, Map.of("X-Run", "exp"), null, requests, values, seed);
    }

    @Test
    void eachCellRunsTheVariantsMixOnItsTargetsUrl() {
        Variant v = mix(null, List.of(GET, POST), IDS, 7L);
        spec(PLAIN, List.of(v, ExperimentProtocolsTest.KEEP));
        HttpRunSpec run = CellSpecs.http(PLAIN, v, Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(1));
        assertEquals(PLAIN.url(), run.target(), "entries' paths replace the target url's path");
        assertTrue(run.hasMix());
        assertEquals(List.of("get-item", "add-to-cart"), run.mix().stream().map(RequestSpec::name).toList());
        assertEquals("exp", run.mix().get(1).headers().get("X-Run"), "the variant's headers go to every entry");
        assertEquals("application/json", run.mix().get(1).headers().get("Content-Type"));
        assertEquals(IDS, run.values());
        assertEquals(7, run.seed());
        assertEquals(0, CellSpecs.http(PLAIN, mix(null, List.of(GET), IDS, null), Duration.ofSeconds(1),
                Duration.ZERO, Duration.ofSeconds(1)).seed(), "no seed: a run's default");
        HttpRunSpec onUrl = CellSpecs.http(PLAIN, new Variant(0, 4, 1, true, 0, null, null, null,
                URI.create("http://127.0.0.1:2/api?x=1"), null, null, List.of(GET), IDS, null),
                Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(1));
        assertEquals(URI.create("http://127.0.0.1:2/api?x=1"), onUrl.target(), "the variant's url gives host and port");
        assertEquals("mix get-item+add-to-cart c=4", v.label());
        assertEquals("mix get-item c=4 r=50", mix(null, List.of(GET), IDS, null).atRate(50).label());
        assertEquals(List.of(GET, POST), v.atRate(50).requests(), "a rate search's steps keep the mix");
        assertEquals(7L, v.atRate(50).seed());
    }

    @Test
    void aBadMixIsNamedUnderItsVariant() {
        List<Violation> found = violations(PLAIN, List.of(ExperimentProtocolsTest.KEEP, mix("m", List.of(
                new RequestSpec("a", 0, "GET", "/a", Map.of(), null), new RequestSpec("a", 1, "GET", "/b", Map.of(), null)),
                null, null)));
        named(found, "variants[1].requests[0].weight", "must be from 1 to");
        named(found, "variants[1].requests[1].name", "named twice");
        named(violations(PLAIN, List.of(mix("m", List.of(new RequestSpec("a", 1, "GET", "/a/${nope}", Map.of(), null)),
                null, null))), "variants[0].requests[0].path", "${nope} is not defined in values");
        named(violations(PLAIN, List.of(new Variant(0, 4, 1, true, 0, "m", null, null, null, null, "{}", List.of(GET), IDS,
                null))), "variants[0].body", "is given per request in a mix");
        named(violations(PLAIN, List.of(new Variant(0, 4, 1, true, 0, "m", "POST", null, null, null, null, List.of(GET),
                IDS, null))), "variants[0].method", "is given per request in a mix");
        named(violations(PLAIN, List.of(new Variant(10, 4, 1, true, 0, "m", null, null, null, null, null, List.of(GET),
                IDS, null))), "variants[0].number", "not both");
        named(violations(PLAIN, List.of(new Variant(10, 4, 1, true, 0, "m", null, null, null, null, null, null, IDS, 3L))),
                "variants[0].values", "belong to a request mix");
        named(violations(PLAIN, List.of(mix(null, List.of(GET), IDS, 1L), mix(null, List.of(GET), IDS, 2L))),
                "variants[1].name", "give each a name");
    }

    @Test
    void aReaderWithoutTheTokenSeesNoHeaderValueBodyOrInlineValue() {
        Variant v = mix("m", List.of(GET, POST), Map.of("id", ValueSpec.list(List.of("secret"), ValueOrder.RANDOM),
                "n", ValueSpec.range(1, 9, null)), 5L);
        Variant r = spec(PLAIN, List.of(v)).redacted().variants().get(0);
        assertEquals(Map.of("X-Run", "<redacted>"), r.headers());
        assertEquals(Map.of("Content-Type", "<redacted>"), r.requests().get(1).headers());
        assertEquals("<redacted>", r.requests().get(1).body());
        assertNull(r.requests().get(0).body());
        assertEquals(List.of("/items/${id}", "/cart"), r.requests().stream().map(RequestSpec::path).toList());
        assertEquals(List.of(3, 1), r.requests().stream().map(RequestSpec::weight).toList());
        assertEquals(ValueSpec.list(List.of("<redacted>"), ValueOrder.RANDOM), r.values().get("id"));
        assertEquals(v.values().get("n"), r.values().get("n"), "a range is no secret");
        assertEquals(v.label(), r.label());
        Variant own = new Variant(0, 4, 1, true, 0, null, "POST", "/a", null, Map.of("Authorization", "Bearer x"), "{}");
        assertEquals("<redacted>", own.redacted().body());
        assertEquals(Map.of("Authorization", "<redacted>"), own.redacted().headers());
    }

    @Test
    void aRowSaysEachNamesShareOfItsRequestsInTheMixsOrder() {
        Map<String, Long> byName = new java.util.LinkedHashMap<>();
        byName.put("writes", 1L);
        byName.put("reads", 3L);
        Map<String, Double> shares = CellResult.shares(byName);
        assertEquals(List.of("writes", "reads"), List.copyOf(shares.keySet()));
        assertEquals(0.25, shares.get("writes"));
        assertEquals(0.75, shares.get("reads"));
        assertNull(CellResult.shares(Map.of("a", 0L)), "nothing measured: no share to say");
        assertNull(CellResult.shares(null));
    }

    @Test
    void aRecordWithAMixReadsBackEqualAndOneWithoutHoldsNoneOfIt() throws Exception {
        ExperimentSpec s = spec(PLAIN, List.of(mix("m", List.of(GET, POST), Map.of("id",
                ValueSpec.list(List.of("a\"b", "é"), ValueOrder.SEQUENTIAL)), 5L)));
        ExperimentRecord x = ExperimentRecord.started("20250102-030405-000-009", s, ExperimentTableTest.T0)
                .withCell(new CellResult("t", 1, "m", "r1", "completed", 100, 1, 1, 2, 0, 0, 0, 100, null, null, null,
                        Map.of("get-item", 0.75, "add-to-cart", 0.25)))
                .finished(RunState.COMPLETED, ExperimentTableTest.T0, null);
        ObjectMapper m = ExperimentStoreTest.mapper();
        assertEquals(x, m.readValue(m.writeValueAsString(x), ExperimentRecord.class));
        String plain = m.writeValueAsString(ExperimentTableTest.sample());
        for (String field : List.of("requests", "values", "seed", "mix")) {
            assertFalse(plain.contains("\"" + field + "\""), field + " in a record without a mix: " + plain);
        }
        assertNull(ExperimentProtocolsTest.KEEP.requests());
    }
}
