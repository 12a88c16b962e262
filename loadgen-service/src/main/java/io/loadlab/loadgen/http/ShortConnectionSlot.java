package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.PhaseStats;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ConnectTimeoutException;
import io.netty.channel.epoll.Native;
import io.netty.channel.unix.Errors;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet6Address;
import java.net.InetSocketAddress;

/**
 * One of a run's connections when each request has its own (keep-alive off, clear-text HTTP/1.1), on a
 * {@link ShortConnectionLoop}: a raw non-blocking socket per request, connected, written once connect completes,
 * read to the end of the answer and closed, as wrk does, with the same accounting as {@link ConnectionSlot}:
 * every request begun ends exactly once (answered, failed or timed out) and tells its loop so. Seven system calls
 * per request (socket, the family check, connect, epoll_ctl, write, read, close); {@code TCP_NODELAY} only once a
 * request does not go out in one write, the only case Nagle's delay could hold its last segment back.
 * <p>
 * A connect that fails shows as an error or hang-up before the socket is ever writable: counted as
 * {@code errors.connect} with the socket's own error, and retried after the loop's delay. A connect still pending at
 * the run's timeout fails so too, as Netty's connect timer would.
 */
final class ShortConnectionSlot extends Http1Slot implements Readiness {

    private enum State { DOWN, CONNECTING, IDLE, BUSY }

    /**
     * Epoll's bits as Netty's native library reports them: read per slot, not in a static initializer, so a native
     * image, which runs static initializers at build time, never loads that library while it builds.
     */
    private final int failed = Native.EPOLLERR | 0x10; // EPOLLHUP: not among Netty's public constants
    private final int readable = Native.EPOLLIN | Native.EPOLLRDHUP | failed;

    private final ShortConnectionLoop events;
    private final InetSocketAddress address;
    private final boolean ipv6;
    private final ResponseParser parser = new ResponseParser();
    /** The request being written, or last written: its reader index is how far it went out. */
    private ByteBuf request;
    private State state = State.DOWN;
    private ShortSocket socket;
    private int fd = -1;
    private boolean noDelay;
    private long connectStartNanos;

    ShortConnectionSlot(LoopDriver loop, ShortConnectionLoop events, int index) {
        super(loop, index);
        this.events = events;
        this.address = loop.address();
        this.ipv6 = address.getAddress() instanceof Inet6Address;
        this.request = loop.template().view();
    }

    @Override
    public boolean busy() {
        return ledger.pending() || state == State.BUSY;
    }

    @Override
    public void connect() {
        state = State.CONNECTING;
        ledger.tried();
        connectStartNanos = loop.now();
        try {
            socket = ShortSocket.open(ipv6);
        } catch (RuntimeException noSocket) {
            // EMFILE and the like, before any connect: given up for the run, as ConnectionSlot does and why
            loop.connectError(noSocket);
            state = State.DOWN;
            ledger.giveUp();
            return;
        }
        fd = socket.intValue();
        noDelay = false;
        try {
            events.add(fd, this);
            if (socket.connect(address)) {
                connected();
            }
        } catch (IOException e) {
            connectFailed(new ConnectException(e.getMessage() + ": " + address)); // as Netty annotates it
        }
    }

    @Override
    public void begin(long intendedNanos) {
        ledger.begin(intendedNanos);
        if (state == State.IDLE) {
            write();
        } else if (state == State.DOWN) {
            connect();
        }
    }

    @Override
    public void ready(int ready) {
        if (state == State.CONNECTING) {
            if ((ready & failed) != 0) {
                connectFailed(soError());
                return;
            }
            if ((ready & Native.EPOLLOUT) == 0) {
                return;
            }
            connected(); // writes the request; input that came with the same edge is read below
        }
        if (state == State.BUSY && request.isReadable() && (ready & Native.EPOLLOUT) != 0) {
            flush();
        }
        if ((state == State.BUSY || state == State.IDLE) && (ready & readable) != 0) {
            read();
        }
    }

    private void connected() {
        long now = loop.now();
        PhaseStats stats = phase(now);
        stats.increment(Counter.CONNECTIONS_OPENED);
        stats.recordConnect(now - connectStartNanos);
        loop.connectionOpened();
        ledger.opened();
        state = State.IDLE;
        if (ledger.pending()) {
            write();
        } else {
            loop.onFree(this);
        }
    }

    private void write() {
        request = ledger.prepare(parser);
        state = State.BUSY;
        ledger.sent(loop.now());
        flush();
    }

    /** Writes what is left of the request; the rest goes when the socket is writable again. */
    private void flush() {
        try {
            while (request.isReadable()) {
                int from = request.readerIndex();
                int written = request.hasMemoryAddress()
                        ? socket.writeAddress(request.memoryAddress(), from, request.writerIndex())
                        : socket.write(request.nioBuffer(), 0, request.readableBytes());
                request.readerIndex(from + written);
                if (written == 0) { // the send buffer is full: the rest waits for EPOLLOUT
                    if (!noDelay) {
                        noDelay = true;
                        socket.setTcpNoDelay(true);
                    }
                    return;
                }
            }
        } catch (IOException e) {
            fail(Counter.READ_WRITE_ERRORS, loop.now());
        }
    }

    private void read() {
        ByteBuf in = events.readBuffer();
        long now = loop.now();
        while (true) {
            in.clear();
            int n;
            try {
                n = socket.readAddress(in.memoryAddress(), 0, in.capacity());
            } catch (IOException e) {
                if (state == State.BUSY) {
                    fail(Counter.READ_WRITE_ERRORS, now);
                } else {
                    dropIdle();
                }
                return;
            }
            if (n == 0) {
                return; // drained: edge-triggered, the next bytes make a new edge
            }
            if (n < 0) {
                closedByPeer(now);
                return;
            }
            in.writerIndex(n);
            phase(now).add(Counter.BYTES_RECEIVED, n);
            if (state != State.BUSY) {
                fail(Counter.READ_WRITE_ERRORS, now); // bytes nobody asked for
                return;
            }
            int r = parser.parse(in);
            if (r == ResponseParser.MALFORMED) {
                fail(Counter.READ_WRITE_ERRORS, now);
                return;
            }
            if (r != ResponseParser.NEED_MORE) {
                answered(now); // a connection per request: anything after the answer goes with the socket
                return;
            }
            if (n < in.capacity()) {
                return; // a short read drained the socket
            }
        }
    }

    private void closedByPeer(long now) {
        if (state == State.BUSY && parser.completesOnClose()) {
            answered(now);
        } else if (state == State.BUSY) {
            fail(Counter.READ_WRITE_ERRORS, now);
        } else {
            dropIdle();
        }
    }

    /** An idle connection the server closed or broke: replaced, not an error. */
    private void dropIdle() {
        closeConnection();
        loop.onFree(this);
    }

    private void answered(long now) {
        ledger.answered(parser.status(), now);
        closeConnection();
        ledger.end();
        loop.onFree(this);
    }

    @Override
    public void checkTimeout(long now, long timeoutNanos) {
        if (state == State.BUSY && now - ledger.sentNanos() >= timeoutNanos) {
            fail(Counter.TIMEOUTS, now);
        } else if (state == State.CONNECTING && now - connectStartNanos >= timeoutNanos) {
            connectFailed(new ConnectTimeoutException("connection timed out after "
                    + timeoutNanos / 1_000_000 + " ms: " + address));
        }
    }

    /** The socket's pending error, as the exception Netty's channel would have raised for it. */
    private Throwable soError() {
        try {
            int error = socket.getSoError();
            if (error == 0) {
                return new ConnectException("finishConnect(..) failed: hang-up: " + address);
            }
            Errors.throwConnectException("finishConnect", -error);
            return new ConnectException("finishConnect(..) failed: " + address); // not reached: it always throws
        } catch (IOException e) {
            return new ConnectException(e.getMessage() + ": " + address); // as Netty annotates it
        }
    }

    @Override
    public void shutdown() {
        ledger.abandon();
        closeConnection();
    }

    /** Leaves the slot DOWN; harmless when there is no socket. */
    @Override
    protected void closeConnection() {
        if (state == State.IDLE || state == State.BUSY) {
            loop.connectionClosed();
        }
        state = State.DOWN;
        if (request.isReadable()) {
            // Answered or failed before the whole request went out: its bytes are no longer in use. Left readable, the
            // mix would take a one-off buffer for its next message, which only Netty's write path ever releases.
            request.readerIndex(request.writerIndex());
        }
        ShortSocket s = socket;
        socket = null;
        if (s != null) {
            events.forget(fd);
            fd = -1;
            try {
                s.close();
            } catch (IOException ignored) {
                // closed either way
            }
        }
    }

    @Override
    public boolean down() {
        return state == State.DOWN;
    }
}
