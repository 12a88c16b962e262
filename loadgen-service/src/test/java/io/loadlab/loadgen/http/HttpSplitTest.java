package io.loadlab.loadgen.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.mix.DataFiles;
import io.loadlab.loadgen.mix.SeedStreams;
import io.loadlab.loadgen.run.ConfigDefaults;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.UnsplittableSpecException;
import io.loadlab.loadgen.run.Violations;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The http kind's typed split, with the cases and expectations the JSON splitter had (SpecSplitterTest): specs read
 * from the same JSON by the kind's own reader, then cut by {@link HttpKind#parts}.
 */
class HttpSplitTest {

    private static final DataFiles DATA = name -> Optional.of(new ByteArrayInputStream("id\n1\n".getBytes()));
    private final HttpKind kind = new HttpKind(null, null, ConfigDefaults.of(LimitsConfig.class), DATA);

    private HttpRunSpec spec(String json) throws Exception {
        Violations v = new Violations();
        ObjectNode node = (ObjectNode) new ObjectMapper().readTree(json);
        node.put("kind", "http");
        if (!node.has("target")) {
            node.put("target", "http://127.0.0.1:8080/test/testApi");
        }
        JsonFields fields = new JsonFields(node, v);
        fields.known("kind");
        HttpRunSpec spec = kind.read(fields);
        assertTrue(v.isEmpty(), v.list().toString());
        return spec;
    }

    private List<HttpRunSpec> split(String json, int n) throws Exception {
        HttpRunSpec whole = spec(json);
        return kind.parts(whole, n).stream().map(HttpRunSpec.class::cast).toList();
    }

    @Test
    void splitsConnectionsThreadsAndRateAndCopiesTheRest() throws Exception {
        HttpRunSpec whole = spec("""
                {"connections":10,"threads":4,"rate":1000,"duration":"10s","headers":{"Content-Type":"application/json"}}""");
        List<HttpRunSpec> parts = kind.parts(whole, 3).stream().map(HttpRunSpec.class::cast).toList();

        assertEquals(List.of(4, 3, 3), parts.stream().map(HttpRunSpec::connections).toList());
        assertEquals(List.of(2, 1, 1), parts.stream().map(HttpRunSpec::threads).toList());
        assertEquals(List.of(400.0, 300.0, 300.0), parts.stream().map(HttpRunSpec::rate).toList(),
                "rate follows each agent's connections");
        for (HttpRunSpec p : parts) {
            assertEquals(Duration.ofSeconds(10), p.duration());
            assertEquals(Map.of("Content-Type", "application/json"), p.headers());
            assertEquals(whole.target(), p.target());
        }
        assertEquals(1000, kind.requestedRate(whole).orElseThrow(), "the controller's figure, typed");
        assertEquals(10, whole.connections(), "the whole spec is left as it was");
    }

    @Test
    void aRateThatDoesNotDivideKeepsItsSumExactly() throws Exception {
        List<HttpRunSpec> parts = split("{\"connections\":3,\"threads\":3,\"rate\":1000}", 3);
        assertEquals(List.of(333.334, 333.333, 333.333), parts.stream().map(HttpRunSpec::rate).toList());
    }

    @Test
    void theClosedModelStaysClosedOnEveryAgent() throws Exception {
        HttpRunSpec whole = spec("{\"connections\":4,\"threads\":2,\"rate\":0}");
        assertEquals(0, ((HttpRunSpec) kind.parts(whole, 2).get(1)).rate());
        assertTrue(kind.requestedRate(whole).isEmpty(), "a closed model asks no rate");
    }

    @Test
    void refusesPartsARunWouldRefuseNamingTheField() throws Exception {
        UnsplittableSpecException c = assertThrows(UnsplittableSpecException.class,
                () -> split("{\"connections\":2,\"threads\":1}", 3));
        assertEquals("connections", c.field());
        assertTrue(c.getMessage().contains("2 cannot be split over 3 agents"), c.getMessage());
        assertEquals("threads", assertThrows(UnsplittableSpecException.class,
                () -> split("{\"connections\":6,\"threads\":2}", 3)).field());
        UnsplittableSpecException r = assertThrows(UnsplittableSpecException.class,
                () -> split("{\"connections\":6,\"threads\":3,\"rate\":0.2}", 3));
        assertEquals("rate", r.field());
        assertTrue(r.getMessage().contains("below the minimum 0.1/s"), r.getMessage());
        assertEquals("agents", assertThrows(UnsplittableSpecException.class,
                () -> split("{}", 0)).field());
    }

    /**
     * Each agent draws from its own stream of the spec's seed. A typed spec always has a seed (0 when not given), and
     * its JSON always carried it, so every part gets its agent's stream: what the controller sent before, too.
     */
    @Test
    void aMixGivesEachAgentItsOwnSeed() throws Exception {
        List<HttpRunSpec> parts = split("""
                {"connections":4,"seed":42,"requests":[{"name":"a","weight":1,"path":"/a"}],
                 "values":{"id":{"range":[1,100]}}}""", 2);

        assertEquals(List.of(SeedStreams.agentSeed(42, 0), SeedStreams.agentSeed(42, 1)),
                parts.stream().map(HttpRunSpec::seed).toList());
        assertTrue(parts.get(0).seed() != parts.get(1).seed());
        assertEquals(SeedStreams.agentSeed(0, 1), split("{\"connections\":2}", 2).get(1).seed(),
                "no seed given: 0's streams");
    }

    @Test
    void valuesFromADataFileAreRefusedNamingTheirField() {
        UnsplittableSpecException e = assertThrows(UnsplittableSpecException.class, () -> split("""
                {"connections":2,"values":{"n":{"range":[1,2]},"id":{"from":"file","file":"ids.csv","column":"id"}}}""", 2));
        assertEquals("values.id.file", e.field());
        assertTrue(e.getMessage().contains("list or a range"), e.getMessage());
    }
}
