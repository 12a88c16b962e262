package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.Direction;
import io.loadlab.common.iperf.Protocol;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IperfSpecTest {

    @Test
    void namesEveryBadFieldAtOnce() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new IperfSpec("", 0, Protocol.UDP, 129,
                Direction.UP, -1, 70000, Duration.ofMillis(1500), Duration.ofSeconds(-1)));
        for (String field : new String[] {"host", "port", "streams", "bitrate", "length", "duration", "warmup"}) {
            assertTrue(e.getMessage().contains(field), e.getMessage());
        }
    }

    @Test
    void defaultLengthsAreIperf3s() {
        assertEquals(131072, new IperfSpec("h", 1, Protocol.TCP, 1, Direction.UP, 0, 0, Duration.ofSeconds(1), Duration.ZERO).effectiveLength());
        assertEquals(1460, new IperfSpec("h", 1, Protocol.UDP, 1, Direction.UP, 0, 0, Duration.ofSeconds(1), Duration.ZERO).effectiveLength());
    }

    @Test
    void unitsAreIperf3sThreeDigits() {
        // "%4.0f": padded to four characters, as iperf3 prints "   598 MBytes" in its Transfer column
        assertEquals(" 598 MBytes", IperfTextReport.unit(598.0 * 1024 * 1024, 1024, new String[] {"Bytes", "KBytes", "MBytes"}));
        assertEquals("5.01 Gbits/sec", IperfTextReport.unit(5.01e9, 1000, new String[] {"bits/sec", "Kbits/sec", "Mbits/sec", "Gbits/sec"}));
        assertEquals("10.2 Mbits/sec", IperfTextReport.unit(10.22e6, 1000, new String[] {"bits/sec", "Kbits/sec", "Mbits/sec"}));
    }
}
