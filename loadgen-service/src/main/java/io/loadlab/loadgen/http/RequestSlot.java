package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.PhaseStats;

/**
 * What a {@link LoopDriver} drives: a place for one request at a time. HTTP/1.1 has one per connection
 * ({@link ConnectionSlot}); HTTP/2 has one per stream ({@link H2StreamSlot}), {@code streams} of them sharing one
 * {@link H2Connection}. The driver's dispatch (closed model: every free slot begins at once; open model: free slots
 * take the next intended time), its end, backlog and timeouts are the same for both. Confined to the driver's
 * event loop. Every request begun ends exactly once and tells the driver so ({@link LoopDriver#requestEnded()}).
 */
interface RequestSlot {

    /** The slot's place in its loop, from 0. */
    int index();

    /** The connection it rides on, from 0: slots past the loop's openable connections are given up at the start. */
    int connectionIndex();

    /** Starts a request intended at {@code intendedNanos} (0 in the closed model): sent now, or once connected. */
    void begin(long intendedNanos);

    /** Opens its connection (keep-alive), with no request begun; a connection already opening is left as it is. */
    void connect();

    /** Ends a request that has waited longer than {@code timeoutNanos} for its answer as a timeout. */
    void checkTimeout(long now, long timeoutNanos);

    /**
     * The run is over, its timeout after the end spent: a request still in flight counts as timed out, in its phase.
     * {@link #shutdown()} follows.
     */
    default void cutOff(long now) {
        if (busy()) {
            phase(now).increment(Counter.TIMEOUTS);
        }
    }

    /** The run is over: a request in flight is abandoned (counted by {@link #cutOff}, unless the run was cancelled). */
    void shutdown();

    /** A request is begun and not ended. */
    boolean busy();

    /** Its connection is down: with keep-alive the driver reconnects it before handing it a request. */
    boolean down();

    /** No connection can be had for it this run: it takes no request. */
    boolean givenUp();

    /** Gives it up at the start, a connect error that never opened, for {@code why}. */
    void giveUp(String why);

    /** Where an event at {@code now} counts: the request's own phase while one is begun. */
    PhaseStats phase(long now);
}
