package io.loadlab.common.iperf;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Sends datagrams of {@code length} bytes on a UDP stream, each headed by its send time and sequence number
 * ({@link UdpHeader}), paced to {@code bitsPerSecond} (0: as fast as it goes). {@code to} is null for a connected
 * channel (the client's), the peer's address on a shared one (the server's).
 */
public final class UdpSender extends StreamWorker {

    private final DatagramChannel channel;
    private final SocketAddress to;
    private final int length;
    private final long bitsPerSecond;
    private final boolean counters64;
    private final LongSupplier nanoTime;
    private final LongSupplier epochMicros;

    public UdpSender(DatagramChannel channel, SocketAddress to, StreamCounter counter, int length, long bitsPerSecond,
                     boolean counters64, LongSupplier nanoTime, LongSupplier epochMicros) {
        super(counter);
        if (length < UdpHeader.size(counters64)) {
            throw new IllegalArgumentException("UDP length must hold the " + UdpHeader.size(counters64) + "-byte header");
        }
        this.channel = channel;
        this.to = to;
        this.length = length;
        this.bitsPerSecond = bitsPerSecond;
        this.counters64 = counters64;
        this.nanoTime = nanoTime;
        this.epochMicros = epochMicros;
    }

    @Override
    public void run() {
        ByteBuffer datagram = Payload.block(length);
        Pacer pacer = new Pacer(bitsPerSecond, nanoTime.getAsLong());
        try {
            while (!stopped()) {
                long wait = pacer.waitNanos(counter.bytes(), nanoTime.getAsLong());
                if (wait > 0) {
                    LockSupport.parkNanos(Math.min(wait, POLL_MILLIS * 1_000_000));
                    continue;
                }
                long sequence = counter.datagramsSent() + 1;
                UdpHeader.write(datagram, epochMicros.getAsLong(), sequence, counters64);
                datagram.clear();
                int n = to == null ? channel.write(datagram) : channel.send(datagram, to);
                if (n > 0) {
                    counter.addBytes(n);
                    counter.nextSequence();
                }
            }
        } catch (IOException e) {
            fail(e);
        }
    }
}
