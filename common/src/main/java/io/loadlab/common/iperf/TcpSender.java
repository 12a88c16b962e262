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
    private final int length;
    private final long bitsPerSecond;
    private final LongSupplier nanoTime;

    public TcpSender(SocketChannel channel, StreamCounter counter, int length, long bitsPerSecond, LongSupplier nanoTime) {
        super(counter);
        this.channel = channel;
        this.length = length;
        this.bitsPerSecond = bitsPerSecond;
        this.nanoTime = nanoTime;
    }

    @Override
    public void run() {
        ByteBuffer block = Payload.block(length);
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
