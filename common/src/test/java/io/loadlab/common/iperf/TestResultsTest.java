package io.loadlab.common.iperf;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TestResultsTest {

    @Test
    void readsIperf312sResultsWithItsUnsignedMinusOne() throws Exception {
        // iperf3 3.12 --bidir --debug, send_results (cut to two streams)
        ObjectNode j = (ObjectNode) new ObjectMapper().readTree("{\"cpu_util_total\":37.78,\"cpu_util_user\":2.23,"
                + "\"cpu_util_system\":35.54,\"sender_has_retransmits\":1,\"congestion_used\":\"bbr\",\"streams\":["
                + "{\"id\":1,\"bytes\":309198848,\"retransmits\":8,\"jitter\":0,\"errors\":0,\"packets\":0,\"start_time\":0,\"end_time\":1.002303},"
                + "{\"id\":4,\"bytes\":257032192,\"retransmits\":18446744073709551615,\"jitter\":0,\"errors\":0,\"packets\":0,"
                + "\"start_time\":0,\"end_time\":1.002329}]}");
        TestResults r = TestResults.fromJson(j);
        assertTrue(r.senderHasRetransmits());
        assertEquals(309198848, r.stream(1).orElseThrow().bytes());
        assertEquals(8, r.stream(1).orElseThrow().retransmits());
        assertEquals(-1, r.stream(4).orElseThrow().retransmits());
        assertEquals(37.78, r.cpuUtilTotal());
    }

    @Test
    void roundTrips() {
        TestResults r = new TestResults(1.5, 1.0, 0.5, false,
                List.of(new StreamResult(1, 1000, -1, 0.001, 2, 10, 0, 1.0)), Optional.of("text"));
        assertEquals(r, TestResults.fromJson(r.toJson()));
    }
}
