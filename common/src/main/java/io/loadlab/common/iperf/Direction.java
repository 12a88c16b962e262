package io.loadlab.common.iperf;

/** Which way data flows, seen from the client: iperf3's default, {@code -R}, or {@code --bidir}. */
public enum Direction {
    UP, DOWN, BIDIR;

    /** Streams on which the client sends. */
    public int clientSending(int parallel) {
        return this == DOWN ? 0 : parallel;
    }

    /** Streams on which the client receives. */
    public int clientReceiving(int parallel) {
        return this == UP ? 0 : parallel;
    }
}
