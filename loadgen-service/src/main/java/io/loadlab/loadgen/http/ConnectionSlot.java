package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.PhaseStats;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

/**
 * One of the run's connections, across the TCP connections that replace each other in it: at most
 * one request in flight (no pipelining, as wrk). Confined to its event loop; every method runs there.
 * Every request begun ends exactly once (answered, failed or timed out) and tells its loop so,
 * which is what keeps the completed count equal to what the server answered.
 * <p>
 * Over TLS a connection is DOWN, CONNECTING, HANDSHAKING, then IDLE or BUSY: it is open (for the run's connection
 * accounting and the request pending on it) only once its handshake completed. A failed handshake is a failed
 * connect counted as {@code errors.tls} alone: the pending request ends, the slot retries after the same delay.
 * A TLS 1.3 handshake whose server asked for a client certificate completes before the server's verdict on it
 * ({@link ClientTls#verdictPending}): the request is written, and the handshake counts once the server sends
 * anything; a failure first is that handshake's failure, named ("the server asked for a client certificate"), not
 * a read/write error of the request.
 */
final class ConnectionSlot extends Http1Slot {

    private enum State { DOWN, CONNECTING, HANDSHAKING, IDLE, BUSY }

    private final ResponseParser parser = new ResponseParser();
    private final ChannelFutureListener onConnect = this::onConnect;
    private State state = State.DOWN;
    private Channel channel;
    private SlotHandler handler;
    private long connectStartNanos;
    private long handshakeStartNanos;
    /** A TLS 1.3 handshake done on the client's side, the server's verdict on its certificate still to come. */
    private boolean verdictPending;
    private long handshakeDoneNanos;

    ConnectionSlot(LoopDriver loop, int index) {
        super(loop, index);
    }

    @Override
    public boolean busy() {
        return ledger.pending() || state == State.BUSY;
    }

    /** Opens a connection; with a request begun, it is written once connected. */
    @Override
    public void connect() {
        state = State.CONNECTING;
        ledger.tried();
        connectStartNanos = loop.now();
        handler = new SlotHandler(this);
        ChannelFuture f;
        try {
            f = loop.newChannel(handler);
        } catch (RuntimeException noSocket) {
            // No channel at all, before any connect: socket() failed with EMFILE ("Too many open files") or the like.
            // Uncaught, it escaped the loop's task and the slot stayed CONNECTING for good: a run asking 5000
            // connections under a short fd limit held 4448 and reported errors.connect 0. Counted, and the slot is
            // given up for the run, not retried: retrying took every descriptor freed, down to none, and the JVM
            // then could not open a jar to load a class (Netty's epoll loop failed so, and the run never ended).
            loop.connectError(noSocket);
            handler = null;
            state = State.DOWN;
            ledger.giveUp();
            return;
        }
        channel = f.channel();
        f.addListener(onConnect);
    }

    /** Starts a request intended at {@code intendedNanos}: written now on an idle connection, or after connecting. */
    @Override
    public void begin(long intendedNanos) {
        ledger.begin(intendedNanos);
        if (state == State.IDLE) {
            write();
        } else if (state == State.DOWN) {
            connect();
        }
    }

    private void onConnect(ChannelFuture f) {
        if (f.channel() != channel) {
            f.channel().close();
            return;
        }
        if (!f.isSuccess()) {
            connectFailed(f.cause());
            return;
        }
        long now = loop.now();
        PhaseStats stats = phase(now);
        stats.increment(Counter.CONNECTIONS_OPENED);
        stats.recordConnect(now - connectStartNanos);
        loop.connectionOpened();
        if (loop.tls() != null) {
            state = State.HANDSHAKING; // the SslHandler began it on channelActive; its completion event follows
            handshakeStartNanos = now;
            return;
        }
        ready();
    }

    /** The connection can carry requests: TCP is up, and the TLS handshake done over TLS. */
    private void ready() {
        ledger.opened();
        state = State.IDLE;
        if (ledger.pending()) {
            write();
        } else {
            loop.onFree(this);
        }
    }

    void onHandshake(SlotHandler from, SslHandshakeCompletionEvent event) {
        if (from != handler || state != State.HANDSHAKING) {
            return;
        }
        long now = loop.now();
        SslHandler ssl = channel.pipeline().get(SslHandler.class);
        if (!event.isSuccess()) {
            handshakeFailed(ClientTls.failureReason(ssl, event.cause()), now);
            return;
        }
        String refusal = loop.tls().alpnRefusal(ssl);
        if (refusal != null) {
            handshakeFailed(refusal, now);
            return;
        }
        if (ClientTls.verdictPending(ssl)) {
            verdictPending = true;
            handshakeDoneNanos = now;
            state = State.IDLE; // as ready(), but not yet opened for the run's accounting
            if (ledger.pending()) {
                write();
            } else {
                loop.onFree(this);
            }
            return;
        }
        handshaken(ssl, now);
        ready();
    }

    /** Counts a handshake done at {@code doneNanos}. */
    private void handshaken(SslHandler ssl, long doneNanos) {
        PhaseStats stats = phase(doneNanos);
        stats.increment(Counter.TLS_HANDSHAKES);
        if (ClientTls.resumed(ssl)) {
            stats.increment(Counter.TLS_RESUMED);
        }
        stats.recordHandshake(doneNanos - handshakeStartNanos);
        loop.tlsAgreed(ssl);
    }

    /** The server spoke after a handshake whose verdict was pending: it took the client's certificate (or none). */
    private void verdictGiven() {
        verdictPending = false;
        handshaken(channel.pipeline().get(SslHandler.class), handshakeDoneNanos);
        ledger.opened();
    }

    private void handshakeFailed(String reason, long now) {
        verdictPending = false;
        PhaseStats stats = phase(now);
        stats.increment(Counter.TLS_ERRORS);
        loop.tlsFailed(reason, stats);
        closeConnection();
        ledger.end();
        loop.onConnectFailed(this);
    }

    private void write() {
        ByteBuf request = ledger.prepare(parser); // a view still queued in Netty is never rewound
        state = State.BUSY;
        ledger.sent(loop.now());
        channel.writeAndFlush(request, channel.voidPromise());
    }

    void onRead(SlotHandler from, ByteBuf in) {
        if (from != handler) {
            return;
        }
        long now = loop.now();
        if (verdictPending) {
            verdictGiven();
        }
        phase(now).add(Counter.BYTES_RECEIVED, in.readableBytes());
        while (in.isReadable() && from == handler) {
            if (state != State.BUSY) {
                fail(Counter.READ_WRITE_ERRORS, now); // bytes nobody asked for: the stream is out of step
                return;
            }
            int r = parser.parse(in);
            if (r == ResponseParser.NEED_MORE) {
                return;
            }
            if (r == ResponseParser.MALFORMED) {
                fail(Counter.READ_WRITE_ERRORS, now);
                return;
            }
            answered(now, parser.closeAfter() || !loop.keepAlive());
        }
    }

    private void answered(long now, boolean close) {
        ledger.answered(parser.status(), now);
        if (close) {
            closeConnection();
        } else {
            state = State.IDLE;
        }
        ledger.end();
        loop.onFree(this);
    }

    void onInactive(SlotHandler from) {
        if (from != handler) {
            return;
        }
        long now = loop.now();
        if (state == State.HANDSHAKING || verdictPending) {
            handshakeFailed(TlsFailureReason.CLOSED, now); // the SslHandler reports this itself first: a safety net
        } else if (state == State.BUSY && parser.completesOnClose()) {
            answered(now, true);
        } else if (state == State.BUSY) {
            fail(Counter.READ_WRITE_ERRORS, now);
        } else {
            closeConnection(); // an idle connection closed by the server: replaced, not an error
            loop.onFree(this);
        }
    }

    void onError(SlotHandler from, Throwable cause) {
        if (from == handler) {
            if (state == State.HANDSHAKING || verdictPending) {
                handshakeFailed(ClientTls.failureReason(channel.pipeline().get(SslHandler.class), cause), loop.now());
            } else if (state == State.BUSY) {
                fail(Counter.READ_WRITE_ERRORS, loop.now());
            } else {
                closeConnection();
                loop.onFree(this);
            }
        }
    }

    /** Times the request out when it has waited longer than {@code timeoutNanos} for its answer. */
    @Override
    public void checkTimeout(long now, long timeoutNanos) {
        if (state == State.BUSY && now - ledger.sentNanos() >= timeoutNanos) {
            if (verdictPending) {
                verdictGiven(); // the handshake did complete; the server is merely slow to answer
            }
            fail(Counter.TIMEOUTS, now);
        }
    }

    /**
     * A handshake still in flight at the run's end is a failed one ({@link TlsFailureReason#UNFINISHED}), ending its
     * pending request if any. Before, it counted as that request's timeout, or not at all while reconnecting: of 38
     * connections opened against a server stalling every other handshake, 19 completed and 15 failed their handshake,
     * and 4 were nowhere among the TLS figures ({@code ScheduleShortfallTest}).
     */
    @Override
    public void cutOff(long now) {
        if (state == State.HANDSHAKING) {
            handshakeFailed(TlsFailureReason.UNFINISHED, now);
        } else {
            super.cutOff(now);
        }
    }

    /** Closes the connection at the run's end; a request still in flight is abandoned, counted by the caller. */
    @Override
    public void shutdown() {
        ledger.abandon();
        if (state == State.HANDSHAKING && !ledger.everOpened()) {
            // else a run ending before its first handshake's timeout said "never opened" and no why
            loop.connectError("TLS handshake not finished when the run ended");
        }
        closeConnection();
    }

    /** Leaves the slot DOWN; closing a channel that is already closed or never connected is harmless. */
    @Override
    protected void closeConnection() {
        Channel c = channel;
        verdictPending = false;
        if (state == State.HANDSHAKING || state == State.IDLE || state == State.BUSY) {
            loop.connectionClosed();
        }
        channel = null;
        handler = null;
        state = State.DOWN;
        if (c != null) {
            c.close();
        }
    }

    @Override
    public boolean down() {
        return state == State.DOWN;
    }
}
