package io.loadlab.common.iperf;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One stream's counts: its id, bytes moved, datagrams sent (UDP senders: the last sequence number) and, for a
 * UDP receiver, its {@link UdpReceiveStats}. Written by the stream's own thread, read by anyone.
 */
public final class StreamCounter {

    private final int id;
    private final boolean sending;
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong datagramsSent = new AtomicLong();
    private final UdpReceiveStats udp = new UdpReceiveStats();
    private final BytesListener listener;

    /** Told of every byte counted, e.g. a service's meter; must be cheap and thread-safe. */
    @FunctionalInterface
    public interface BytesListener {
        void add(long bytes);

        BytesListener NONE = b -> { };
    }

    public StreamCounter(int id, boolean sending, BytesListener listener) {
        this.id = id;
        this.sending = sending;
        this.listener = listener;
    }

    public int id() {
        return id;
    }

    /** True when this end sends on the stream. */
    public boolean sending() {
        return sending;
    }

    public long bytes() {
        return bytes.get();
    }

    public long datagramsSent() {
        return datagramsSent.get();
    }

    public UdpReceiveStats udp() {
        return udp;
    }

    void addBytes(long n) {
        bytes.addAndGet(n);
        listener.add(n);
    }

    long nextSequence() {
        return datagramsSent.incrementAndGet();
    }
}
