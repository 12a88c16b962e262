package io.loadlab.common.iperf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/** Reads a TCP stream and counts its bytes until stopped or the peer closes it. */
public final class TcpReceiver extends StreamWorker {

    private final SocketChannel channel;
    private final int bufferBytes;

    public TcpReceiver(SocketChannel channel, StreamCounter counter, int bufferBytes) {
        super(counter);
        this.channel = channel;
        this.bufferBytes = bufferBytes;
    }

    @Override
    public void run() {
        ByteBuffer buffer = ByteBuffer.allocateDirect(bufferBytes);
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
