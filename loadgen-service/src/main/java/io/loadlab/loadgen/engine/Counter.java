package io.loadlab.loadgen.engine;

/**
 * What a run counts, per event loop and phase. One enum for every kind, so a loop's counts are one {@code long[]}
 * indexed by ordinal ({@link PhaseStats}) and one map on the agents' wire and in a distributed report's {@code counts}.
 * Whose they are: {@link #SENT}, {@link #COMPLETED}, the bytes and {@link #READ_WRITE_ERRORS} every kind counts; from
 * {@link #CONNECTIONS_OPENED} to {@link #STATUS_5XX} and from {@link #TLS_HANDSHAKES} to {@link #GOAWAYS} http's;
 * {@link #PONGS_REQUESTED}, {@link #DUPLICATED} and {@link #OUT_OF_ORDER} udp's. Outside its kind a counter is read
 * only by the readers ArchitectureTest lists with their reasons (the per-second series' lost and handshakes, a live
 * run's handshakes, a distributed cell's failed attempts).
 */
public enum Counter {
    /** Requests written to a connection (the open model's achieved rate counts these). */
    SENT,
    /** Requests answered with a complete response, whatever the status. */
    COMPLETED,
    BYTES_SENT,
    BYTES_RECEIVED,
    /** TCP connections established. */
    CONNECTIONS_OPENED,
    CONNECT_ERRORS,
    TIMEOUTS,
    READ_WRITE_ERRORS,
    /** Redirects: the loadgen follows none, so the answer is not the resource the run measures. */
    STATUS_3XX,
    STATUS_4XX,
    STATUS_5XX,
    /** UDP: messages that asked for a pong; those never answered are the run's dropped. */
    PONGS_REQUESTED,
    /** UDP: a pong for a message already answered. */
    DUPLICATED,
    /** UDP: a pong below the highest sequence number answered before it. */
    OUT_OF_ORDER,
    /** TLS handshakes completed, and of those resumed; failed handshakes are errors. */
    TLS_HANDSHAKES,
    TLS_RESUMED,
    TLS_ERRORS,
    /** HTTP/2: streams the server reset; streams a GOAWAY left unanswered; GOAWAY frames received (not errors). */
    STREAM_RESETS,
    GOAWAY_ERRORS,
    GOAWAYS;

    /** True for what a report counts as an error: connect, timeout, read/write, TLS, stream resets and
     * GOAWAYs, and 3xx, 4xx, 5xx answers. */
    public boolean error() {
        return switch (this) {
            case CONNECT_ERRORS, TIMEOUTS, READ_WRITE_ERRORS, STATUS_3XX, STATUS_4XX, STATUS_5XX, TLS_ERRORS, STREAM_RESETS,
                 GOAWAY_ERRORS -> true;
            default -> false;
        };
    }
}
