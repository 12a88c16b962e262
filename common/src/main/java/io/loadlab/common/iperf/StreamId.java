package io.loadlab.common.iperf;

/**
 * iperf3 numbers a test's streams 1, 3, 4, 5... in the order they connect (iperf_add_stream starts its count at
 * 2 for the second), and both ends match results by that number, so both must number alike.
 */
public final class StreamId {

    private StreamId() {
    }

    /** The id of the stream that connected {@code index}-th (from 0). */
    public static int of(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("stream index must be >= 0");
        }
        return index == 0 ? 1 : index + 2;
    }
}
