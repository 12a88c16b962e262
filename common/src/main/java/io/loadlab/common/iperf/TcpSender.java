package io.loadlab.common.iperf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Writes blocks of {@code length} bytes on a TCP stream, paced to {@code bitsPerSecond} (0: as fast as it goes).
 * Non-blocking writes, so every byte the kernel took is counted, even the part of a block written when it stops.
 */
public final class TcpSender extends StreamWorker {

    private final SocketChannel channel;
    private final ByteBuffer block;
    private final long bitsPerSecond;
    private final LongSupplier nanoTime;

    public TcpSender(SocketChannel channel, StreamCounter counter, int length, long bitsPerSecond, LongSupplier nanoTime) {
        this(channel, counter, Payload.block(length), bitsPerSecond, nanoTime);
    }

    /**
     * Sends {@code block}'s bytes, position to limit, over and over. The content is never read back, so one block may be
     * shared by every sender of a test: each writes from its own view of it (a server sharing one 1 MiB block instead of
     * one per stream held 128 × 1 MiB less per test at {@code -P 128 -l 1M}).
     */
    public TcpSender(SocketChannel channel, StreamCounter counter, ByteBuffer block, long bitsPerSecond, LongSupplier nanoTime) {
        super(counter);
        this.channel = channel;
        this.block = block.duplicate();
        this.bitsPerSecond = bitsPerSecond;
        this.nanoTime = nanoTime;
    }

    @Override
    public void run() {
        Pacer pacer = new Pacer(bitsPerSecond, nanoTime.getAsLong());
        try (Selector selector = Selector.open()) {
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_WRITE);
            while (!stopped()) {
                long wait = pacer.waitNanos(counter.bytes(), nanoTime.getAsLong());
                if (wait > 0) {
                    LockSupport.parkNanos(Math.min(wait, POLL_MILLIS * 1_000_000));
                    continue;
                }
                if (!block.hasRemaining()) {
                    block.clear();
                }
                int n = channel.write(block);
                if (n > 0) {
                    counter.addBytes(n);
                } else {
                    selector.select(POLL_MILLIS);
                    selector.selectedKeys().clear();
                }
            }
        } catch (IOException e) {
            fail(e);
        }
    }
}
