package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.PhaseStats;

/**
 * What HTTP/1.1's two connection slots share, whatever carries their bytes (a Netty channel, {@link ConnectionSlot};
 * a raw socket, {@link ShortConnectionSlot}): a slot is one connection, and its request and connection accounting is
 * its {@link RequestLedger}.
 */
abstract class Http1Slot implements RequestSlot, RunConnection {

    protected final LoopDriver loop;
    protected final RequestLedger ledger;
    private final int index;

    Http1Slot(LoopDriver loop, int index) {
        this.loop = loop;
        this.index = index;
        this.ledger = new RequestLedger(loop, index);
    }

    /** Closes the connection, if any, and leaves the slot down; harmless when it already is. */
    protected abstract void closeConnection();

    /** The request begun fails with {@code error}: counted in its phase, the connection closed, the slot free again. */
    protected final void fail(Counter error, long now) {
        phase(now).increment(error);
        closeConnection();
        ledger.end();
        loop.onFree(this);
    }

    /** The connect failed for {@code cause}: counted, named (the first cause), and retried after the loop's delay. */
    protected final void connectFailed(Throwable cause) {
        phase(loop.now()).increment(Counter.CONNECT_ERRORS);
        loop.connectError(cause);
        closeConnection();
        ledger.end();
        loop.onConnectFailed(this);
    }

    @Override
    public final int index() {
        return index;
    }

    @Override
    public final int connectionIndex() {
        return index;
    }

    /**
     * Where an event at {@code now} counts: the request's own phase while one is begun, so a request
     * intended in the warm-up but answered (or failed) in the measured part stays a warm-up request;
     * the phase of the moment for events outside any request (an idle connection's connect).
     */
    @Override
    public final PhaseStats phase(long now) {
        return ledger.phase(now);
    }

    /**
     * Leaves the slot down for the rest of the run, a connect error that never opened: no descriptor is left for it.
     * At the run's start, before it ever connects.
     */
    @Override
    public final void giveUp(String why) {
        loop.connectError(why);
        ledger.giveUp();
    }

    /** No socket could be made for it: it takes no more requests this run. */
    @Override
    public final boolean givenUp() {
        return ledger.givenUp();
    }

    /** Held an open connection at least once: TCP up and, over TLS, the handshake done. */
    @Override
    public final boolean everOpened() {
        return ledger.everOpened();
    }

    /** Tried to connect and never once succeeded: a connection the run asked for and did not have. */
    @Override
    public final boolean neverOpened() {
        return ledger.neverOpened();
    }
}
