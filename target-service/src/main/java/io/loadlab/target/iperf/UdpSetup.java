package io.loadlab.target.iperf;

import io.loadlab.common.iperf.IperfProtocolException;

import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One UDP test's stream setup on the shared port, from its CREATE_STREAMS until its {@code expected} streams have
 * connected: the one window in which a connect datagram (which carries no cookie) is this test's. Made by
 * {@link UdpPort#beginSetup} holding the port's setup lock; {@link #close()} gives the lock back.
 */
final class UdpSetup implements AutoCloseable {

    private final int expected;
    private final Runnable onClose;
    /** The streams' addresses in connect order, as iperf3 numbers them; guarded by this. */
    private final Set<SocketAddress> peers = new LinkedHashSet<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    UdpSetup(int expected, Runnable onClose) {
        this.expected = expected;
        this.onClose = onClose;
    }

    /** The reader thread: a connect from {@code from}; true when it is a new stream of this test (to be answered). */
    synchronized boolean connected(SocketAddress from) {
        if (peers.size() >= expected || !peers.add(from)) {
            return false;
        }
        notifyAll();
        return true;
    }

    /** This test's streams' addresses once all {@code expected} have connected; fails at {@code deadlineNanos}. */
    synchronized List<SocketAddress> await(long deadlineNanos) throws InterruptedException {
        while (peers.size() < expected) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                throw new IperfProtocolException("only " + peers.size() + " of " + expected + " UDP streams connected in time");
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return new ArrayList<>(peers);
    }

    /** Ends the setup; only the first call gives the port's setup back. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            onClose.run();
        }
    }
}
