package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.PhaseStats;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.Http2Headers;

/**
 * One of an {@link H2Connection}'s {@code streams} places for a request: at most one stream of it in flight.
 * Confined to its event loop. A request begun here ends exactly once: answered (any status), reset by the server
 * (RST_STREAM), left unanswered by a GOAWAY, timed out, or cut off with its connection.
 */
final class H2StreamSlot implements RequestSlot {

    private final LoopDriver loop;
    private final H2Connection connection;
    private final int index;
    /** The connection's first slot: it also watches the connection's setup for a deadline. */
    private final boolean first;
    /** This slot's view of the request body, rewound per request; null for a request without one. */
    private ByteBuf body;
    /** Begun and not ended. */
    private boolean requestPending;
    /** In the connection's queue for a stream (its server's SETTINGS_MAX_CONCURRENT_STREAMS reached). */
    private boolean waiting;
    /** The session and stream its request is on; null and 0 while not sent. */
    private H2Session session;
    private int streamId;
    /** The answer's final status, 0 until its HEADERS came. */
    private int status;
    private long intendedNanos;
    private long begunNanos;
    private long sentNanos;
    private PhaseStats phase;
    /** The way through the run's mix; null for the one-request form. */
    private final MixCursor mix;
    private int entry;

    H2StreamSlot(LoopDriver loop, H2Connection connection, int index, boolean first) {
        this.loop = loop;
        this.connection = connection;
        this.index = index;
        this.first = first;
        this.mix = loop.cursor(index);
        this.body = mix == null && loop.h2Request().hasBody() ? loop.h2Request().bodyView() : null;
    }

    @Override
    public void begin(long intendedNanos) {
        this.intendedNanos = intendedNanos;
        if (mix == null) {
            this.phase = loop.phaseOf(intendedNanos);
        } else {
            entry = mix.next();
            this.phase = loop.phaseOf(intendedNanos, entry);
        }
        this.begunNanos = loop.now();
        requestPending = true;
        connection.submit(this);
    }

    /** Begun, and not yet on a stream: waiting for the connection, or for a stream of it. */
    boolean unsent() {
        return requestPending && session == null;
    }

    void waiting(boolean w) {
        waiting = w;
    }

    boolean isWaiting() {
        return waiting;
    }

    /** Writes the request on a new stream of {@code on}; a stream the codec would not open fails as read/write. */
    void send(H2Session on) {
        ByteBuf data = null;
        if (body != null) {
            if (body.isReadable()) {
                body = loop.h2Request().bodyView(); // the last one is still queued: never rewind bytes in use
            } else {
                body.readerIndex(0);
            }
            data = body;
        }
        Http2Headers headers = loop.h2Request() == null ? null : loop.h2Request().headers();
        if (mix != null) {
            headers = mix.headers(entry);
            data = mix.body(entry);
        }
        sentNanos = loop.now();
        status = 0;
        int id = on.send(this, headers, data);
        if (id < 0) {
            fail(Counter.READ_WRITE_ERRORS, sentNanos); // the codec refused the stream: counted, never lost
            return;
        }
        session = on;
        streamId = id;
        phase.increment(Counter.SENT);
    }

    boolean onSession(H2Session s) {
        return requestPending && session == s;
    }

    /** True when this slot's request is stream {@code id} of {@code on}: events for anything else are stale. */
    boolean on(H2Session on, int id) {
        return requestPending && session == on && streamId == id;
    }

    void onHeaders(int status, boolean endOfStream, long now) {
        if (status >= 200) { // a 1xx is interim, and trailers have none: the final status stays
            this.status = status;
        }
        if (endOfStream) {
            answered(now);
        }
    }

    private void answered(long now) {
        loop.answered(phase, status, intendedNanos, sentNanos, now);
        end();
    }

    void onDataEnd(long now) {
        answered(now);
    }

    /** Ends the request as {@code error}, counted in its phase. */
    void fail(Counter error, long now) {
        phase(now).increment(error);
        end();
    }

    private void end() {
        H2Session was = session;
        session = null;
        streamId = 0;
        requestPending = false;
        loop.requestEnded();
        connection.ended(this, was);
    }

    @Override
    public void checkTimeout(long now, long timeoutNanos) {
        if (!requestPending) {
            if (first) {
                connection.checkSetup(now, timeoutNanos);
            }
            return;
        }
        if (session != null && now - sentNanos >= timeoutNanos) {
            H2Session s = session;
            int id = streamId;
            fail(Counter.TIMEOUTS, now);
            s.cancel(id); // RST_STREAM CANCEL: the other streams of the connection go on
        } else if (session == null && waiting && now - begunNanos >= timeoutNanos) {
            connection.unqueue(this);
            fail(Counter.TIMEOUTS, now);
        } else if (first) {
            connection.checkSetup(now, timeoutNanos);
        }
    }

    /** A handshake of its connection still in flight fails once for the connection's requests, as HTTP/1.1's does. */
    @Override
    public void cutOff(long now) {
        connection.cutOffHandshake();
        RequestSlot.super.cutOff(now);
    }

    /** The run is over: the request in flight is abandoned (the driver counted it); its connection closes. */
    @Override
    public void shutdown() {
        requestPending = false;
        waiting = false;
        session = null;
    }

    /** Ends a begun request without an error of its own: its connection's failed connect was counted once. */
    void abandon() {
        waiting = false;
        if (requestPending) {
            requestPending = false;
            session = null;
            loop.requestEnded();
        }
    }

    @Override
    public void connect() {
        connection.connect();
    }

    @Override
    public boolean busy() {
        return requestPending;
    }

    @Override
    public boolean down() {
        return connection.down();
    }

    @Override
    public boolean givenUp() {
        return connection.givenUp();
    }

    @Override
    public void giveUp(String why) {
        connection.giveUp(why);
    }

    @Override
    public PhaseStats phase(long now) {
        return requestPending ? phase : loop.stats(now);
    }

    @Override
    public int index() {
        return index;
    }

    @Override
    public int connectionIndex() {
        return connection.index();
    }
}
