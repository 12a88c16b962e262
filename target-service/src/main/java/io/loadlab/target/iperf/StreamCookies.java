package io.loadlab.target.iperf;

import io.loadlab.common.iperf.Cookie;
import io.loadlab.common.iperf.IperfProtocolException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Collects a TCP test's streams: the connections whose cookie is the test's, in the order they connected (the client's
 * sending streams first, so the first {@code parallel} receive here under --bidir). Every cookie is read at once, on
 * one selector: a connection that is slow with its cookie holds up none of the others (read one after another, a
 * silent one kept the rest waiting until the deadline). A connection that has sent nothing when the test has its
 * streams (or the deadline passes) goes back to the server unread: it may be a new test's control connection. One
 * that has sent part of a cookie then gets ACCESS_DENIED (its bytes are read; a client writes its 37 in one go).
 * A whole cookie of another test goes back to the server as it is read.
 */
final class StreamCookies {

    /** How long the selector waits before taking new arrivals from the acceptor: bounds their delay. */
    private static final long POLL_MILLIS = 20;

    private final Cookie cookie;
    /** Where a connection with another cookie goes: another test's stream, or a new test (max-clients above 1). */
    private final SessionRouter router;
    /** Connections read this round whose cookie is another's, handed on after the round. */
    private final List<StreamArrival> elsewhere = new ArrayList<>();
    private final int expected;
    private final IperfCounters counters;
    private final LongSupplier nanoTime;
    private final List<Pending> pending = new ArrayList<>();

    StreamCookies(Cookie cookie, int expected, IperfCounters counters, LongSupplier nanoTime, SessionRouter router) {
        this.router = router;
        this.cookie = cookie;
        this.expected = expected;
        this.counters = counters;
        this.nanoTime = nanoTime;
    }

    /** The test's {@code expected} streams, in connection order; a protocol error when they are not all there in time. */
    List<SocketChannel> collect(BlockingQueue<StreamArrival> arrivals, long deadline) throws IOException {
        List<SocketChannel> ours = List.of();
        try (Selector selector = Selector.open()) {
            while (true) {
                ours = ours();
                if (ours.size() == expected) {
                    return ours;
                }
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - nanoTime.getAsLong());
                if (left <= 0) {
                    throw new IperfProtocolException("only " + ours.size() + " of " + expected + " streams connected in time");
                }
                for (StreamArrival a; (a = arrivals.poll()) != null; ) {
                    admit(a, selector);
                }
                selector.select(Math.min(left, POLL_MILLIS));
                for (SelectionKey key : selector.selectedKeys()) {
                    read((Pending) key.attachment(), key);
                }
                selector.selectedKeys().clear();
                handOff(selector);
            }
        } finally {
            // the selector is closed here, so every channel is deregistered and may go blocking for a new test
            for (Pending p : pending) {
                if (!p.ours && p.wire.position() == 0) {
                    router.elsewhere(p.channel, null); // nothing read: another test's, or a new one's control
                } else if (ours.size() < expected || !ours.contains(p.channel)) {
                    IperfServer.deny(p.channel, counters);
                }
            }
        }
    }

    /**
     * Waiting connections beyond twice the test's streams (and 4 spare) are refused at once: a flood of silent
     * connections would otherwise each hold a socket and a buffer until the deadline.
     */
    private void admit(StreamArrival a, Selector selector) {
        SocketChannel c = a.channel();
        if (a.cookie() != null) { // read by another test already
            if (a.cookie().equals(cookie)) {
                Pending p = new Pending(c);
                p.ours = true;
                pending.add(p);
            } else {
                router.elsewhere(c, a.cookie());
            }
            return;
        }
        long waiting = pending.stream().filter(p -> !p.ours).count();
        if (waiting >= 2L * expected + 4) {
            IperfServer.deny(c, counters);
            return;
        }
        Pending p = new Pending(c);
        try {
            c.configureBlocking(false);
            c.register(selector, SelectionKey.OP_READ, p);
            pending.add(p);
        } catch (IOException e) {
            IperfServer.deny(c, counters);
        }
    }

    private void read(Pending p, SelectionKey key) {
        try {
            int n = p.channel.read(p.wire);
            if (n < 0) {
                refuse(p, key);
            } else if (!p.wire.hasRemaining()) {
                key.cancel();
                if (Arrays.equals(p.wire.array(), cookie.wire())) {
                    p.ours = true;
                } else {
                    pending.remove(p);
                    elsewhere(p.channel, p.wire.array());
                }
            }
        } catch (IOException e) {
            refuse(p, key);
        }
    }

    /** Another cookie: another test's, or a new test's control connection, as the server decides. */
    private void elsewhere(SocketChannel c, byte[] wire) {
        Cookie theirs;
        try {
            theirs = Cookie.of(wire);
        } catch (RuntimeException e) {
            IperfServer.deny(c, counters); // not a cookie at all
            return;
        }
        elsewhere.add(new StreamArrival(c, theirs));
    }

    /**
     * Hands on the connections read this round that are not ours, once the selector has dropped their cancelled keys
     * (a channel still registered cannot be made blocking again for a new test's control exchange).
     */
    private void handOff(Selector selector) throws IOException {
        if (elsewhere.isEmpty()) {
            return;
        }
        selector.selectNow();
        for (StreamArrival a : elsewhere) {
            router.elsewhere(a.channel(), a.cookie());
        }
        elsewhere.clear();
    }

    private void refuse(Pending p, SelectionKey key) {
        key.cancel();
        pending.remove(p);
        IperfServer.deny(p.channel, counters);
    }

    private List<SocketChannel> ours() {
        List<SocketChannel> list = new ArrayList<>();
        for (Pending p : pending) {
            if (p.ours && list.size() < expected) {
                list.add(p.channel);
            }
        }
        return list;
    }

    /** A connection and its cookie so far: exactly {@link Cookie#SIZE} bytes are read, never the stream's data. */
    private static final class Pending {
        final SocketChannel channel;
        final ByteBuffer wire = ByteBuffer.allocate(Cookie.SIZE);
        boolean ours;

        Pending(SocketChannel channel) {
            this.channel = channel;
        }
    }
}
