package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.PhaseStats;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

import javax.net.ssl.SSLException;

import java.util.ArrayDeque;

/**
 * One of the run's HTTP/2 connections, across the TCP connections ({@link H2Session}s) that replace each other in
 * it, and its {@code streams} request slots. Confined to its event loop.
 * <ul>
 * <li>Over TLS ({@code h2}), h1's {@link ClientTls} handshake comes first, and must agree h2 by ALPN.</li>
 * <li>Usable once the server's first SETTINGS came (its SETTINGS_MAX_CONCURRENT_STREAMS known before any stream);
 *     a session that closes or stalls past the timeout before that is a connect error naming why.</li>
 * <li>Slots beyond the server's limit wait in a queue for a stream: not errors.</li>
 * <li>A GOAWAY drains the session: streams above its last id are counted {@code errors.goaway}, those below are
 *     answered, requests begun meanwhile wait, and once none is in flight a new session replaces it, so a
 *     keep-alive run goes on (nginx sends one after {@code keepalive_requests}).</li>
 * </ul>
 */
final class H2Connection implements RunConnection {

    private enum State { DOWN, CONNECTING, READY, DRAINING }

    private final LoopDriver loop;
    private final int index;
    private final H2StreamSlot[] slots;
    private final ArrayDeque<H2StreamSlot> waiting;
    private final H2Stats stats;
    private final ChannelFutureListener onConnect = this::onConnect;
    private State state = State.DOWN;
    private H2Session session;
    /** The session's TCP connection is open: counted in the loop's open connections. */
    private boolean tcpUp;
    private boolean tried;
    private boolean opened;
    private boolean givenUp;
    private long connectStartNanos;
    /** Over TLS: when the session's handshake began, 0 once it completed (or in clear text). */
    private long handshakeStartNanos;
    /**
     * A TLS 1.3 handshake whose server asked for a client certificate, done on the client's side: it counts at the
     * server's first SETTINGS, and the session's end before them is that handshake's failure ({@link ClientTls#verdictPending}).
     */
    private SslHandler verdictPending;
    private Boolean verdictAsked;
    private long verdictHandshakeNanos;

    H2Connection(LoopDriver loop, int index, int streams, H2Stats stats) {
        this.loop = loop;
        this.index = index;
        this.stats = stats;
        this.slots = new H2StreamSlot[streams];
        this.waiting = new ArrayDeque<>(streams);
        for (int s = 0; s < streams; s++) {
            slots[s] = new H2StreamSlot(loop, this, index * streams + s, s == 0);
        }
    }

    H2StreamSlot[] streams() {
        return slots;
    }

    int index() {
        return index;
    }

    boolean down() {
        return state == State.DOWN;
    }

    /** Opens a session unless one is open or opening. */
    void connect() {
        if (state != State.DOWN || givenUp) {
            return;
        }
        state = State.CONNECTING;
        tried = true;
        connectStartNanos = loop.now();
        H2Session s = new H2Session(this, loop, stats);
        session = s;
        ChannelFuture f;
        try {
            f = loop.newChannel(s.handlers());
        } catch (RuntimeException noSocket) { // EMFILE and the like: given up for the run, as ConnectionSlot does
            loop.connectError(noSocket);
            session = null;
            state = State.DOWN;
            giveUp();
            return;
        }
        s.channel(f.channel());
        f.addListener(onConnect);
    }

    private void onConnect(ChannelFuture f) {
        if (session == null || f.channel() != session.channel()) {
            f.channel().close();
            return;
        }
        long now = loop.now();
        if (!f.isSuccess()) {
            setupFailed(f.cause() == null ? "connect failed" : null, f.cause());
            return;
        }
        PhaseStats p = phase(now);
        p.increment(Counter.CONNECTIONS_OPENED);
        p.recordConnect(now - connectStartNanos);
        tcpUp = true;
        loop.connectionOpened();
        handshakeStartNanos = loop.tls() != null ? now : 0; // the SslHandler began it; its completion event follows
    }

    /**
     * Over TLS: the session's handshake ended. A failure, or a server that did not agree to h2 by ALPN (never a
     * fall back to HTTP/1.1), is counted once in {@code errors.tls} with its reason, as HTTP/1.1 counts it.
     */
    void handshaken(H2Session from, SslHandshakeCompletionEvent event) {
        if (from != session || state != State.CONNECTING || handshakeStartNanos == 0) {
            return;
        }
        long now = loop.now();
        if (!event.isSuccess()) {
            handshakeFailed(ClientTls.failureReason(from.channel().pipeline().get(SslHandler.class), event.cause()));
            return;
        }
        SslHandler ssl = from.channel().pipeline().get(SslHandler.class);
        String refusal = loop.tls().alpnRefusal(ssl);
        if (refusal != null) {
            handshakeFailed(refusal);
            return;
        }
        if (ClientTls.verdictPending(ssl)) {
            verdictPending = ssl;
            verdictAsked = ClientTls.certificateAsked(ssl);
            verdictHandshakeNanos = now - handshakeStartNanos;
            handshakeStartNanos = 0;
            return;
        }
        handshakeDone(ssl, now - handshakeStartNanos, now);
        handshakeStartNanos = 0;
    }

    private void handshakeDone(SslHandler ssl, long handshakeNanos, long now) {
        PhaseStats p = phase(now);
        p.increment(Counter.TLS_HANDSHAKES);
        if (ClientTls.resumed(ssl)) {
            p.increment(Counter.TLS_RESUMED);
        }
        p.recordHandshake(handshakeNanos);
        loop.tlsAgreed(ssl);
    }

    /** The run ended (its timeout after the end spent) during the handshake: a failed one, its requests with it. */
    void cutOffHandshake() {
        if (state == State.CONNECTING && handshakeStartNanos != 0) {
            handshakeFailed(TlsFailureReason.UNFINISHED);
        }
    }

    private void handshakeFailed(String reason) {
        handshakeStartNanos = 0;
        verdictPending = null;
        PhaseStats p = phase(loop.now());
        p.increment(Counter.TLS_ERRORS);
        loop.tlsFailed(reason, p);
        H2Session s = session;
        session = null;
        state = State.DOWN;
        if (tcpUp) {
            tcpUp = false;
            loop.connectionClosed();
        }
        s.close();
        for (H2StreamSlot slot : slots) {
            slot.abandon();
        }
        loop.onConnectFailed(slots[0]);
    }

    /** The session's first SETTINGS: HTTP/2 is spoken, its streams may be opened. */
    void ready(H2Session from) {
        if (from != session || state != State.CONNECTING || handshakeStartNanos != 0) {
            return; // over TLS, SETTINGS can only follow the handshake: its event came first
        }
        if (verdictPending != null) { // the server spoke: it took the client's certificate (or none)
            handshakeDone(verdictPending, verdictHandshakeNanos, loop.now());
            verdictPending = null;
        }
        state = State.READY;
        opened = true;
        waiting.clear();
        for (H2StreamSlot slot : slots) { // begun while connecting: sent now, or queued past the server's limit
            slot.waiting(false);
            if (slot.unsent() && session == from && state == State.READY) {
                submit(slot);
            }
        }
        for (H2StreamSlot slot : slots) {
            if (!slot.busy()) {
                loop.onFree(slot);
            }
        }
    }

    /** A begun request: on a stream now, or queued until a stream or the connection is free. */
    void submit(H2StreamSlot slot) {
        switch (state) {
            case READY -> {
                if (session.canOpenStream()) {
                    slot.send(session);
                } else {
                    slot.waiting(true);
                    waiting.add(slot);
                }
            }
            case DOWN -> connect();
            default -> { } // connecting or draining: sent once a session is ready
        }
    }

    void unqueue(H2StreamSlot slot) {
        slot.waiting(false);
        waiting.remove(slot);
    }

    /**
     * A request ended ({@code was}: the session its stream was on, null when it never got one). Frees a stream for the
     * queue, retires a drained session, closes after the answer without keep-alive, and hands the slot back.
     */
    void ended(H2StreamSlot slot, H2Session was) {
        if (was != null) {
            was.streamEnded();
        }
        if (was != null && was == session) {
            if (!loop.keepAlive()) {
                retire();
            } else if (state == State.DRAINING && !was.anyInFlight()) {
                retire();
                reconnectIfWanted();
            }
        }
        loop.onFree(slot);
    }

    /**
     * A stream of {@code from} closed: the codec counts it no more, so a queued request may take its place. Only
     * here: while an answer is being handled its stream is still open, and one stream too many is a connection
     * error ("Maximum active streams violated").
     */
    void streamClosed(H2Session from) {
        if (from == session && state == State.READY) {
            while (!waiting.isEmpty() && session.canOpenStream()) {
                H2StreamSlot next = waiting.poll();
                next.waiting(false);
                next.send(session);
            }
        }
    }

    /** No new stream on {@code from}: a GOAWAY came, or the codec refused a stream (ids run out). */
    void drain(H2Session from) {
        if (from != session || state != State.READY) {
            return;
        }
        state = State.DRAINING;
        for (H2StreamSlot w : waiting) {
            w.waiting(false);
        }
        waiting.clear();
        if (!from.anyInFlight()) {
            retire();
            reconnectIfWanted();
        }
    }

    void goaway(H2Session from) {
        phase(loop.now()).increment(Counter.GOAWAYS);
        stats.goaway();
        drain(from);
    }

    /**
     * The channel of {@code from} is closing: no stream may be opened on it from now on. Called before the codec
     * closes its streams, whose requests then fail ({@link H2Session}) and may be begun again at once.
     */
    boolean closing(H2Session from) {
        if (from != session) {
            return false;
        }
        boolean wasUp = state == State.READY || state == State.DRAINING;
        if (handshakeStartNanos != 0) { // the SslHandler reports a failed handshake itself first: a safety net
            handshakeFailed(TlsFailureReason.CLOSED);
            return false;
        }
        if (verdictPending != null) { // closed before SETTINGS: the server refused the handshake after all
            handshakeFailed(TlsFailureReason.of(new SSLException(from.failure()), verdictAsked));
            return false;
        }
        session = null;
        state = State.DOWN;
        if (tcpUp) {
            tcpUp = false;
            loop.connectionClosed();
        }
        if (!wasUp) {
            setupFailed(from.failure(), null);
        }
        return wasUp;
    }

    /**
     * After the codec closed the streams of {@code from} (a session that was up): any it did not know fail too, and
     * idle slots reconnect.
     */
    void closed(H2Session from) {
        long now = loop.now();
        for (H2StreamSlot slot : slots) {
            if (slot.busy() && slot.onSession(from)) {
                slot.fail(from.goawayReceived() ? Counter.GOAWAY_ERRORS : Counter.READ_WRITE_ERRORS, now);
            }
        }
        reconnectIfWanted();
    }

    /** A session not ready within the timeout (a server that never sends SETTINGS) fails as a connect error. */
    void checkSetup(long now, long timeoutNanos) {
        if (state == State.CONNECTING && tcpUp && handshakeStartNanos == 0 && now - connectStartNanos >= timeoutNanos) {
            H2Session s = session;
            s.failure("no HTTP/2 SETTINGS from the server within the timeout");
            s.close();
            closing(s);
        }
    }

    private void setupFailed(String why, Throwable cause) {
        long now = loop.now();
        phase(now).increment(Counter.CONNECT_ERRORS);
        if (cause != null) {
            loop.connectError(cause);
        } else {
            loop.connectError(why);
        }
        H2Session s = session;
        session = null;
        state = State.DOWN;
        if (s != null) {
            s.close();
        }
        for (H2StreamSlot slot : slots) {
            slot.abandon();
        }
        loop.onConnectFailed(slots[0]);
    }

    /** Requests begun while the session went away reconnect at once; idle slots are handed back to reconnect. */
    private void reconnectIfWanted() {
        if (state != State.DOWN) {
            return;
        }
        for (H2StreamSlot slot : slots) {
            if (slot.unsent()) {
                connect();
                return;
            }
        }
        for (H2StreamSlot slot : slots) {
            if (!slot.busy()) {
                loop.onFree(slot);
            }
        }
    }

    /** Closes the session on purpose (drained, or one request per connection). */
    private void retire() {
        H2Session s = session;
        closing(s);
        s.close();
    }

    /** Where an event outside a request counts; a request pending on the connection keeps its own phase. */
    private PhaseStats phase(long now) {
        for (H2StreamSlot slot : slots) {
            if (slot.busy()) {
                return slot.phase(now);
            }
        }
        return loop.stats(now);
    }

    boolean givenUp() {
        return givenUp;
    }

    void giveUp(String why) {
        if (givenUp) {
            return;
        }
        tried = true;
        loop.connectError(why);
        giveUp();
    }

    private void giveUp() {
        phase(loop.now()).increment(Counter.CONNECT_ERRORS);
        givenUp = true;
        for (H2StreamSlot slot : slots) {
            slot.abandon();
        }
    }

    @Override
    public void shutdown() {
        H2Session s = session;
        session = null;
        state = State.DOWN;
        waiting.clear();
        if (tcpUp) {
            tcpUp = false;
            loop.connectionClosed();
        }
        if (s != null) {
            s.close();
        }
    }

    @Override
    public boolean everOpened() {
        return opened;
    }

    @Override
    public boolean neverOpened() {
        return tried && !opened;
    }
}
