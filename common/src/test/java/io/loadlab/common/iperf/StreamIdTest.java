package io.loadlab.common.iperf;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class StreamIdTest {

    @Test
    void numbersStreamsAsIperf3Does() {
        // iperf3 3.12 -P 2 --bidir --debug: send_results listed ids 1, 3, 4, 5
        assertEquals(1, StreamId.of(0));
        assertEquals(3, StreamId.of(1));
        assertEquals(4, StreamId.of(2));
        assertEquals(5, StreamId.of(3));
    }
}
