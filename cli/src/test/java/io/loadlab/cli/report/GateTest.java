package io.loadlab.cli.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GateTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void writtenAsTheLoadgensTextReportsEndWithIt() throws Exception {
        Gate gate = Gate.of(JSON.readTree("""
                {"gate":{"passed":false,"abortedBy":"errors < 10","reason":"p99Millis < 50 failed: actual 73.2",
                 "thresholds":[{"name":"errors","limit":"== 0","actual":0.0,"passed":true},
                               {"name":"p99Millis","limit":"< 50","actual":73.2,"passed":false,"scope":"t/n=2 #1"},
                               {"name":"requestsPerSecond","limit":">= 20000","passed":false}]}}"""));
        assertEquals(List.of("Thresholds: 1 of 3 passed", "  PASS errors == 0 (actual 0)",
                "  FAIL t/n=2 #1 p99Millis < 50 (actual 73.2)", "  FAIL requestsPerSecond >= 20000 (not measured)",
                "Aborted by: errors < 10", "Gate: FAIL (p99Millis < 50 failed: actual 73.2)"), gate.lines());
    }

    @Test
    void aJobThatAskedNothingHasNoGate() throws Exception {
        assertNull(Gate.of(JSON.readTree("{\"state\":\"completed\"}")));
    }

    @Test
    void aReportEndingWithItsVerdictIsNotToldItAgain() {
        assertTrue(Gate.shownIn("Requests/sec: 10\nThresholds: 1 of 1 passed\n  PASS errors == 0 (actual 0)\nGate: PASS\n\n"));
        assertFalse(Gate.shownIn("Requests/sec: 10\nTransfer/sec: 1KB\n"));
        assertFalse(Gate.shownIn("Gate: PASS\nRequests/sec: 10\n"));
    }
}
