package io.loadlab.target.iperf;

import io.loadlab.common.iperf.StreamCounter;
import io.loadlab.common.iperf.UdpReceiver;

import java.nio.ByteBuffer;

/**
 * Where the shared UDP port's reader credits one receiving stream's datagrams: the stream's counter and its test's
 * header width. Closed when the test stops receiving; after {@link #close()} returns nothing more is credited, so the
 * test's results, read then, are final (the monitor is uncontended but for that one hand-over: at 20 Mbit/s of
 * 1460-byte datagrams, about 1,700 entries a second).
 */
final class UdpRoute {

    private final StreamCounter counter;
    private final boolean counters64;
    private boolean closed;

    UdpRoute(StreamCounter counter, boolean counters64) {
        this.counter = counter;
        this.counters64 = counters64;
    }

    StreamCounter counter() {
        return counter;
    }

    /** The reader thread: one datagram of this stream, flipped for reading. */
    synchronized void take(ByteBuffer datagram, long arrivalMicros) {
        if (!closed) {
            UdpReceiver.credit(counter, datagram, counters64, arrivalMicros);
        }
    }

    synchronized void close() {
        closed = true;
    }
}
