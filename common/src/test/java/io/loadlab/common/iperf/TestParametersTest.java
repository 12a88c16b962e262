package io.loadlab.common.iperf;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TestParametersTest {

    private static ObjectNode json(String text) throws Exception {
        return (ObjectNode) new ObjectMapper().readTree(text);
    }

    @Test
    void readsWhatIperf312Sends() throws Exception {
        // iperf3 3.12 -c -u -b 10M -t 1 --debug: send_parameters
        TestParameters p = TestParameters.fromJson(json("{\"udp\":true,\"omit\":0,\"time\":1,\"num\":0,\"blockcount\":0,"
                + "\"parallel\":1,\"len\":32768,\"bandwidth\":10000000,\"pacing_timer\":1000,\"client_version\":\"3.12\"}"));
        assertEquals(Protocol.UDP, p.protocol());
        assertEquals(Direction.UP, p.direction());
        assertEquals(32768, p.length());
        assertEquals(10_000_000, p.bandwidth());
        assertEquals("3.12", p.clientVersion());
    }

    @Test
    void bidirAndReverse() throws Exception {
        assertEquals(Direction.BIDIR, TestParameters.fromJson(json("{\"tcp\":true,\"parallel\":2,\"bidirectional\":true}")).direction());
        assertEquals(Direction.DOWN, TestParameters.fromJson(json("{\"tcp\":true,\"reverse\":true}")).direction());
    }

    @Test
    void roundTrips() {
        TestParameters p = new TestParameters(Protocol.TCP, 1, 5, 0, 0, 4, Direction.BIDIR, 131072, 1_000_000_000L, 1000,
                true, false, "loadlab");
        assertEquals(p, TestParameters.fromJson(p.toJson()));
    }

    @Test
    void badValuesAreProtocolErrors() throws Exception {
        assertThrows(IperfProtocolException.class, () -> TestParameters.fromJson(json("{\"parallel\":1}")));
        assertThrows(IperfProtocolException.class, () -> TestParameters.fromJson(json("{\"tcp\":true,\"parallel\":0}")));
        IperfProtocolException e = assertThrows(IperfProtocolException.class,
                () -> TestParameters.fromJson(json("{\"tcp\":true,\"time\":\"ten\"}")));
        assertTrue(e.getMessage().contains("time"), e.getMessage());
    }

    @Test
    void anIntFieldBeyondIntsRangeIsRefusedNotWrapped() throws Exception {
        // 2^32 + 128: the cast it had read it as 128 streams
        IperfProtocolException e = assertThrows(IperfProtocolException.class,
                () -> TestParameters.fromJson(json("{\"tcp\":true,\"parallel\":4294967424}")));
        assertTrue(e.getMessage().contains("parallel"), e.getMessage());
        assertThrows(IperfProtocolException.class, () -> TestParameters.fromJson(json("{\"tcp\":true,\"len\":4294967297}")));
    }
}
