package io.loadlab.loadgen.distributed;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.mix.SeedStreams;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpecSplitterTest {

    private final ObjectMapper json = new ObjectMapper();

    private ObjectNode spec(String text) throws Exception {
        return (ObjectNode) json.readTree(text);
    }

    @Test
    void splitsConnectionsThreadsAndRateAndCopiesTheRest() throws Exception {
        ObjectNode spec = spec("""
                {"kind":"http","target":"http://127.0.0.1:8080/test/testApi","connections":10,"threads":4,
                 "rate":1000,"duration":"10s","headers":{"Content-Type":"application/json"},"agents":3}""");
        List<ObjectNode> parts = SpecSplitter.split(spec, 3);

        assertEquals(List.of(4, 3, 3), parts.stream().map(p -> p.get("connections").intValue()).toList());
        assertEquals(List.of(2, 1, 1), parts.stream().map(p -> p.get("threads").intValue()).toList());
        assertEquals(List.of(new BigDecimal("400.000"), new BigDecimal("300.000"), new BigDecimal("300.000")),
                parts.stream().map(p -> p.get("rate").decimalValue()).toList(), "rate follows each agent's connections");
        for (ObjectNode p : parts) {
            assertFalse(p.has("agents"), "a part is a local spec");
            assertEquals("10s", p.get("duration").asText());
            assertEquals("application/json", p.get("headers").get("Content-Type").asText());
        }
        assertTrue(spec.has("agents"), "the whole spec is left as it was");
    }

    @Test
    void aRateThatDoesNotDivideKeepsItsSumExactly() throws Exception {
        List<ObjectNode> parts = SpecSplitter.split(spec("{\"connections\":3,\"rate\":1000}"), 3);
        assertEquals(List.of("333.334", "333.333", "333.333"),
                parts.stream().map(p -> p.get("rate").decimalValue().toPlainString()).toList());
    }

    @Test
    void theClosedModelStaysClosedOnEveryAgent() throws Exception {
        List<ObjectNode> parts = SpecSplitter.split(spec("{\"connections\":4,\"threads\":2,\"rate\":0}"), 2);
        assertEquals(0, parts.get(1).get("rate").decimalValue().signum());
    }

    @Test
    void aUdpBitrateIsSplitEvenlyInBitsPerSecond() throws Exception {
        List<ObjectNode> parts = SpecSplitter.split(spec("{\"kind\":\"udp-throughput\",\"bitrate\":\"100M\",\"rate\":0}"), 3);
        assertEquals(List.of("33333333.334", "33333333.333", "33333333.333"),
                parts.stream().map(p -> p.get("bitrate").asText()).toList());
    }

    @Test
    void refusesPartsARunWouldRefuseNamingTheField() throws Exception {
        UnsplittableSpecException c = assertThrows(UnsplittableSpecException.class,
                () -> SpecSplitter.split(spec("{\"connections\":2,\"threads\":1}"), 3));
        assertEquals("connections", c.field());
        assertTrue(c.getMessage().contains("2 cannot be split over 3 agents"), c.getMessage());
        assertEquals("threads", assertThrows(UnsplittableSpecException.class,
                () -> SpecSplitter.split(spec("{\"connections\":6,\"threads\":2}"), 3)).field());
        UnsplittableSpecException r = assertThrows(UnsplittableSpecException.class,
                () -> SpecSplitter.split(spec("{\"connections\":6,\"rate\":0.2}"), 3));
        assertEquals("rate", r.field());
        assertTrue(r.getMessage().contains("below the minimum 0.1/s"), r.getMessage());
        assertEquals("bitrate", assertThrows(UnsplittableSpecException.class,
                () -> SpecSplitter.split(spec("{\"bitrate\":\"fast\"}"), 2)).field());
        assertEquals("connections", assertThrows(UnsplittableSpecException.class,
                () -> SpecSplitter.split(spec("{\"connections\":\"many\"}"), 2)).field());
        assertEquals("agents", assertThrows(UnsplittableSpecException.class,
                () -> SpecSplitter.split(spec("{}"), 0)).field());
    }

    /** Each agent draws from its own stream of the spec's seed; specs that draw nothing get no seed. */
    @Test
    void aMixGivesEachAgentItsOwnSeed() throws Exception {
        List<ObjectNode> parts = SpecSplitter.split(spec("""
                {"kind":"http","connections":4,"seed":42,"requests":[{"name":"a","weight":1}],
                 "values":{"id":{"range":[1,100]}}}"""), 2);

        assertEquals(List.of(SeedStreams.agentSeed(42, 0), SeedStreams.agentSeed(42, 1)),
                parts.stream().map(p -> p.get("seed").longValue()).toList());
        assertTrue(parts.get(0).get("seed").longValue() != parts.get(1).get("seed").longValue());
        assertEquals(SeedStreams.agentSeed(0, 1), SpecSplitter.split(spec("{\"connections\":2,\"requests\":[]}"), 2)
                .get(1).get("seed").longValue(), "no seed given: 0's streams");
        assertFalse(SpecSplitter.split(spec("{\"connections\":2}"), 2).get(0).has("seed"), "nothing drawn, no seed");
        assertEquals("seed", assertThrows(UnsplittableSpecException.class,
                () -> SpecSplitter.split(spec("{\"connections\":2,\"seed\":1.5}"), 2)).field());
    }

    @Test
    void valuesFromADataFileAreRefusedNamingTheirField() {
        UnsplittableSpecException e = assertThrows(UnsplittableSpecException.class, () -> SpecSplitter.split(spec("""
                {"connections":2,"values":{"n":{"range":[1,2]},"id":{"from":"file","file":"ids.csv","column":"id"}}}"""), 2));
        assertEquals("values.id.file", e.field());
        assertTrue(e.getMessage().contains("list or a range"), e.getMessage());
    }
}
