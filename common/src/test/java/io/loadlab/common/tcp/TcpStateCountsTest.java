package io.loadlab.common.tcp;

import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class TcpStateCountsTest {

    // cut from a real /proc/net/tcp and tcp6 (port 8080 = 1F90): a listener, two served connections, their client
    // ends (local ports 8A3C, 8A3E, which must not count) and one server end in TIME_WAIT
    private static final String TCP = """
              sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
               0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0000000000000000 100 0 0 10 0
               1: 0100007F:1F90 0100007F:8A3C 01 00000000:00000000 00:00000000 00000000     0        0 2 1 0000000000000000 20 4 30 10 -1
               2: 0100007F:8A3C 0100007F:1F90 01 00000000:00000000 00:00000000 00000000     0        0 3 1 0000000000000000 20 4 30 10 -1
               3: 0100007F:1F90 0100007F:8A3E 06 00000000:00000000 03:00001770 00000000     0        0 0 3 0000000000000000
            """;
    private static final String TCP6 = """
              sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
               0: 00000000000000000000000001000000:1F90 00000000000000000000000001000000:9C40 01 00000000:00000000 00:00000000 00000000     0        0 4 1 0000000000000000 20 4 0 10 -1
            """;

    @Test
    void countsOnlyTheLocalPortsSocketsByState() {
        Map<TcpState, Long> counts = TcpStateCounts.parse(TCP, 8080, new EnumMap<>(TcpState.class));
        TcpStateCounts.parse(TCP6, 8080, counts);
        assertEquals(1L, counts.get(TcpState.LISTEN));
        assertEquals(2L, counts.get(TcpState.ESTABLISHED));
        assertEquals(1L, counts.get(TcpState.TIME_WAIT));
        assertNull(counts.get(TcpState.CLOSE_WAIT));
    }

    @Test
    void tagsAreTheKernelsNamesInLowerCase() {
        assertEquals("time_wait", TcpState.of(6).tag());
        assertEquals("listen", TcpState.of(10).tag());
        assertNull(TcpState.of(13));
    }
}
