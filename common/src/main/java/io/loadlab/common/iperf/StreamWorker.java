package io.loadlab.common.iperf;

/**
 * A stream's loop, run on its own thread until {@link #stop()} (or the peer closes): sends or receives,
 * counting into its {@link StreamCounter}. An I/O error ends it and is kept as {@link #failure()}.
 */
public abstract class StreamWorker implements Runnable {

    /** How long a loop waits for its socket before looking at the stop flag again: bounds a stop's delay. */
    static final long POLL_MILLIS = 20;

    private volatile boolean stopped;
    private volatile String failure;

    protected final StreamCounter counter;

    protected StreamWorker(StreamCounter counter) {
        this.counter = counter;
    }

    public StreamCounter counter() {
        return counter;
    }

    /** Asks the loop to end; it does within {@link #POLL_MILLIS} or its next write. */
    public void stop() {
        stopped = true;
    }

    protected boolean stopped() {
        return stopped;
    }

    /** Why the loop ended early, null when it did not. */
    public String failure() {
        return failure;
    }

    protected void fail(Exception e) {
        if (!stopped) {
            failure = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }
}
