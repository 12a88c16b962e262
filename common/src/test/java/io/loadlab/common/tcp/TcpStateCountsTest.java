package io.loadlab.common.tcp;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
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
    void countsTheSocketsToOnePeerByStateInBothTables() throws Exception {
        String mapped = """
              sl  local_address                         remote_address                        st
               0: 0000000000000000FFFF00000100007F:8A40 0000000000000000FFFF00000100007F:1F90 06 00000000:00000000
               1: 0000000000000000FFFF00000100007F:8A42 0000000000000000FFFF00000200007F:1F90 06 00000000:00000000
            """;
        String[] forms = TcpStateCounts.procForms(InetAddress.getByName("127.0.0.1"));
        Map<TcpState, Long> counts = TcpStateCounts.parsePeer(TCP, TcpStateCounts.ANY_PORT, forms, 8080,
                new EnumMap<>(TcpState.class));
        TcpStateCounts.parsePeer(mapped, TcpStateCounts.ANY_PORT, forms, 8080, counts);
        // the client end 8A3C (tcp) and the dual-stack client end 8A40 (tcp6, ::ffff:127.0.0.1); not 127.0.0.2's
        assertEquals(1L, counts.get(TcpState.ESTABLISHED));
        assertEquals(1L, counts.get(TcpState.TIME_WAIT));
        assertEquals(2, counts.values().stream().mapToLong(Long::longValue).sum());
    }

    @Test
    void oneConnectionsEndIsTheLocalPortAndThePeerTogether() throws Exception {
        // the server's end of the connection from 127.0.0.1:8A3E sits in TIME_WAIT on 8080; an older server end to
        // the same client port, on another local port (1F91), is another connection and must not count
        String table = TCP + "   4: 0100007F:1F91 0100007F:8A3E 06 00000000:00000000 03:00001770 00000000     0        0 0 3 0\n";
        String[] forms = TcpStateCounts.procForms(InetAddress.getByName("127.0.0.1"));
        Map<TcpState, Long> one = TcpStateCounts.parsePeer(table, 8080, forms, 0x8A3E, new EnumMap<>(TcpState.class));
        assertEquals(Map.of(TcpState.TIME_WAIT, 1L), one);
        Map<TcpState, Long> any = TcpStateCounts.parsePeer(table, TcpStateCounts.ANY_PORT, forms, 0x8A3E,
                new EnumMap<>(TcpState.class));
        assertEquals(Map.of(TcpState.TIME_WAIT, 2L), any);
    }

    @Test
    void procFormsAreLittleEndianWords() throws Exception {
        assertEquals("0100007F", TcpStateCounts.procForms(InetAddress.getByName("127.0.0.1"))[0]);
        assertEquals("00000000000000000000000001000000", TcpStateCounts.procForms(InetAddress.getByName("::1"))[0]);
    }

    @Test
    void tagsAreTheKernelsNamesInLowerCase() {
        assertEquals("time_wait", TcpState.of(6).tag());
        assertEquals("listen", TcpState.of(10).tag());
        assertNull(TcpState.of(13));
    }
}
