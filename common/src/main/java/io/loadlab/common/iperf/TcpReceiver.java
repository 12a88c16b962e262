package io.loadlab.common.iperf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/** Reads a TCP stream and counts its bytes until stopped or the peer closes it. */
public final class TcpReceiver extends StreamWorker {

    private final SocketChannel channel;
    private final ByteBuffer buffer;

    public TcpReceiver(SocketChannel channel, StreamCounter counter, int bufferBytes) {
        this(channel, counter, ByteBuffer.allocateDirect(bufferBytes));
    }

    /**
     * Reads into its own view of {@code buffer}, whose content is never looked at: one buffer may serve every receiver of a
     * test, and its size need not be the sender's block ({@code -l}), since TCP hands over a stream, not blocks.
     */
    public TcpReceiver(SocketChannel channel, StreamCounter counter, ByteBuffer buffer) {
        super(counter);
        this.channel = channel;
        this.buffer = buffer.duplicate();
    }

    @Override
    public void run() {
        try (Selector selector = Selector.open()) {
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_READ);
            while (!stopped()) {
                buffer.clear();
                int n = channel.read(buffer);
                if (n > 0) {
                    counter.addBytes(n);
                } else if (n < 0) {
                    return;
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
