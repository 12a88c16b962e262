package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.http.HttpKind;
import io.loadlab.loadgen.run.RunRecord;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run listed is a summary: who, what, when and its headline figures, a few hundred bytes whatever the run holds. */
class RunSummaryTest {

    @Test
    void anHoursRecordWithASecretBodyListsAsASmallSummary() throws Exception {
        ObjectMapper json = BigRecords.mapper();
        RunRecord big = BigRecords.record("20260101-000000-000-001", Instant.parse("2026-01-01T00:00:00Z"));
        int whole = json.writeValueAsBytes(big).length;
        var figures = new HttpKind(null, null, null).figures(big).orElseThrow();
        byte[] summary = json.writeValueAsBytes(RunSummary.of(big, figures));
        JsonNode s = json.readTree(summary);

        assertTrue(whole > 300_000, "the record is as heavy as an hour's: " + whole + " bytes");
        assertTrue(summary.length < 1024, "summary of " + summary.length + " bytes");
        assertEquals("20260101-000000-000-001", s.get("id").asText());
        assertEquals("http", s.get("kind").asText());
        assertEquals("completed", s.get("state").asText());
        assertEquals("http://127.0.0.1:9/api", s.get("target").asText());
        assertEquals(100.0, s.get("requestsPerSecond").asDouble());
        assertEquals(15_900.0, s.get("p99Micros").asDouble());
        assertEquals(0, s.get("errors").asLong());
        assertFalse(s.get("disturbed").asBoolean());
        for (String absent : new String[] {"spec", "report", "series", "histogram", "headers", "body"}) {
            assertFalse(s.has(absent), absent + " is not in a summary");
        }
        String text = new String(summary, java.nio.charset.StandardCharsets.UTF_8);
        assertFalse(text.contains("hunter2") || text.contains("target-secret"), text);
    }
}
