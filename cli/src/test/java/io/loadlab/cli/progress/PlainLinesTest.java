package io.loadlab.cli.progress;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class PlainLinesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode running(double elapsed, long requests) throws Exception {
        return JSON.readTree("""
                {"state":"running","spec":{"duration":"3s"},"progress":{"elapsedSeconds":%s,"warmingUp":false,
                 "requests":%d,"currentRate":12345.6,"errors":2,"intervalLatency":{"p99":1234.0,"count":10}}}"""
                .formatted(elapsed, requests));
    }

    @Test
    void aLineASecondAndOneAtEachChangeOfState() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        AtomicLong now = new AtomicLong();
        PlainLines view = new PlainLines(new PrintStream(bytes, true, StandardCharsets.UTF_8), now::get, 1_000_000_000L);
        view.update(JSON.readTree("{\"state\":\"queued\"}"));
        for (int i = 0; i < 6; i++) { // 0, 0.5, ..., 2.5 s: the state change at 0 s, then at 1 s and 2 s
            now.set(i * 500_000_000L);
            view.update(running(i * 0.5, i * 1000L));
        }
        now.set(2_600_000_000L);
        view.update(JSON.readTree("{\"state\":\"completed\"}"));
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(5, lines.length, String.join("\n", lines));
        assertEquals("queued", lines[0]);
        assertEquals("[#######-------------]   1.0/3.0 s  requests 2,000  rate 12,346/s  errors 2  p99 1.23 ms", lines[2]);
        assertEquals("completed", lines[4]);
        assertFalse(bytes.toString(StandardCharsets.UTF_8).contains("\r"));
    }
}
