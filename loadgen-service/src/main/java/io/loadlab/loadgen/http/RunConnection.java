package io.loadlab.loadgen.http;

/**
 * One of the connections a run asked for, across the TCP connections that replace each other in it: what the
 * report's {@code connectionsEstablished} and {@code connectionsNeverOpened} count. Per connection, never per
 * HTTP/2 stream.
 */
interface RunConnection {

    /** Became usable at least once: connected (HTTP/1.1), or HTTP/2 agreed by the server's SETTINGS. */
    boolean everOpened();

    /** Tried and never once became usable. */
    boolean neverOpened();

    /** Closes it at the run's end; harmless when already closed. */
    void shutdown();
}
