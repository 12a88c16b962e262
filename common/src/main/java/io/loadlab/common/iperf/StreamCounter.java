package io.loadlab.common.iperf;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * One stream's counts: its id, bytes moved, datagrams sent (UDP senders: the last sequence number) and, for a
 * UDP receiver, its {@link UdpReceiveStats}. Written by the stream's own thread, read by anyone.
 *
 * <p>With an omit window (iperf3's {@code -O}), what moves before the window's end is counted in {@link #bytes()}
 * but left out of {@link #measuredBytes()}, and a receiver's jitter starts again at its end, as iperf3 3.12's
 * iperf_reset_stats does when its omit timer fires; the datagrams sent, highest sequence number, lost and out of
 * order at that moment are kept too ({@code omitted*}), as iperf_reset_stats keeps them. Which side of the end a
 * datagram or byte falls on is decided by the stream's own thread when it counts it, so all of them are taken
 * at the same point, never more than moved before the end, however late the stream's thread runs.
 */
public final class StreamCounter {

    private final int id;
    private final boolean sending;
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong datagramsSent = new AtomicLong();
    private final UdpReceiveStats udp = new UdpReceiveStats();
    private final BytesListener listener;
    private final long omitEndNanos;
    private final LongSupplier nanoTime;
    private volatile boolean omitting;
    private volatile long omittedBytes;
    private volatile long omittedDatagrams;

    /** Told of every byte counted, e.g. a service's meter; must be cheap and thread-safe. */
    @FunctionalInterface
    public interface BytesListener {
        void add(long bytes);

        BytesListener NONE = b -> { };
    }

    /** A stream with nothing omitted. */
    public StreamCounter(int id, boolean sending, BytesListener listener) {
        this(id, sending, listener, false, 0, null);
    }

    /** A stream whose figures leave out what moves before {@code omitEndNanos}, on {@code nanoTime}'s scale. */
    public StreamCounter(int id, boolean sending, BytesListener listener, long omitEndNanos, LongSupplier nanoTime) {
        this(id, sending, listener, true, omitEndNanos, nanoTime);
    }

    private StreamCounter(int id, boolean sending, BytesListener listener, boolean omitting, long omitEndNanos,
                          LongSupplier nanoTime) {
        this.id = id;
        this.sending = sending;
        this.listener = listener;
        this.omitting = omitting;
        this.omitEndNanos = omitEndNanos;
        this.nanoTime = nanoTime;
    }

    public int id() {
        return id;
    }

    /** True when this end sends on the stream. */
    public boolean sending() {
        return sending;
    }

    /** Every byte moved, the omitted ones included: what a meter counts. */
    public long bytes() {
        return bytes.get();
    }

    /**
     * Bytes moved before the omit window's end: all of them when nothing moved since it ended, none while it
     * has not ended (iperf3 reports everything of a test that ends inside its omitted seconds).
     */
    public long omittedBytes() {
        return omitted(omittedBytes, bytes.get());
    }

    /** Datagrams sent before the omit window's end, on the same terms as {@link #omittedBytes()}. */
    public long omittedDatagrams() {
        return omitted(omittedDatagrams, datagramsSent.get());
    }

    /** The highest sequence number received when the omit window ended, on the same terms. */
    public long omittedPackets() {
        return omitted(udp.omittedPackets(), udp.packets());
    }

    /** Datagrams counted lost when the omit window ended, on the same terms. */
    public long omittedLost() {
        return omitted(udp.omittedLost(), udp.lost());
    }

    /** Datagrams counted out of order when the omit window ended, on the same terms. */
    public long omittedOutOfOrder() {
        return omitted(udp.omittedOutOfOrder(), udp.outOfOrder());
    }

    private long omitted(long atEnd, long now) {
        if (!omitting) {
            return atEnd;
        }
        return omitOver() ? now : 0;
    }

    /** The figure iperf3 reports: bytes moved after the omit window. */
    public long measuredBytes() {
        return bytes() - omittedBytes();
    }

    public long datagramsSent() {
        return datagramsSent.get();
    }

    public UdpReceiveStats udp() {
        return udp;
    }

    void addBytes(long n) {
        if (omitting && omitOver()) {
            omittedBytes = bytes.get();
            omittedDatagrams = datagramsSent.get();
            udp.endOmit();
            omitting = false;
        }
        bytes.addAndGet(n);
        listener.add(n);
    }

    /** Called after {@link #addBytes} for the datagram, so a datagram is on one side of the omit window's end. */
    long nextSequence() {
        return datagramsSent.incrementAndGet();
    }

    private boolean omitOver() {
        return nanoTime.getAsLong() - omitEndNanos >= 0;
    }
}
