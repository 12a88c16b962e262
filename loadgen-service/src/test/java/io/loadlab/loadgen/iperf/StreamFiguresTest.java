package io.loadlab.loadgen.iperf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Issue 18's field names in a report's JSON, and a stored report read back as it was written. */
class StreamFiguresTest {

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void bytesAndBitsPerSecondAreTheReceiversAndReadBack() throws Exception {
        StreamFigures s = new StreamFigures(5, 2_000, 1_500, 2.0, 7L, null, null, null, null, null);
        JsonNode j = json.valueToTree(s);
        assertEquals(1_500, j.path("bytes").asLong());
        assertEquals(6_000.0, j.path("bitsPerSecond").asDouble());
        assertEquals(8_000.0, j.path("sentBitsPerSecond").asDouble());
        assertEquals(6_000.0, j.path("receivedBitsPerSecond").asDouble());
        assertEquals(7, j.path("retransmits").asLong());
        assertEquals(s, json.readValue(json.writeValueAsString(s), StreamFigures.class));
    }

    @Test
    void anIntervalCarriesItsBitRate() throws Exception {
        IntervalFigures i = new IntervalFigures(1.0, 1.5, 1_000);
        JsonNode j = json.valueToTree(i);
        assertEquals(16_000.0, j.path("bitsPerSecond").asDouble());
        assertEquals(i, json.readValue(json.writeValueAsString(i), IntervalFigures.class));
    }
}
