package io.loadlab.loadgen.api;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Connections to an HTTP port, each holding a request whose headers never end, as a slowloris does: a bounded
 * count, non-blocking, each either still open or seen closed by the server (end of stream or reset).
 */
final class HalfRequests implements AutoCloseable {

    private static final byte[] HEAD = "GET /q/health/live HTTP/1.1\r\nHost: loadgen\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII);

    private final List<SocketChannel> open = new ArrayList<>();
    private final ByteBuffer sink = ByteBuffer.allocate(512);
    private final StringBuilder answers = new StringBuilder();
    private int closed;

    /** Opens {@code count} connections one after the other, each with its request's head sent. */
    static HalfRequests open(InetSocketAddress address, int count) throws IOException {
        return open(address, count, HEAD);
    }

    /** As {@link #open(InetSocketAddress, int)}, each sending {@code head} first, then a byte a sweep. */
    static HalfRequests open(InetSocketAddress address, int count, byte[] head) throws IOException {
        HalfRequests h = new HalfRequests();
        try {
            for (int i = 0; i < count; i++) {
                SocketChannel c = SocketChannel.open(address);
                h.open.add(c);
                c.write(ByteBuffer.wrap(head));
                c.configureBlocking(false);
            }
        } catch (IOException | RuntimeException e) {
            h.close();
            throw e;
        }
        return h;
    }

    /**
     * Looks at every connection still open: closed by the server, or not. With {@code trickle}, first sends each one
     * more byte of its endless header, so none is idle.
     *
     * @return connections seen closed so far
     */
    int sweep(boolean trickle) {
        for (Iterator<SocketChannel> it = open.iterator(); it.hasNext(); ) {
            SocketChannel c = it.next();
            if (trickle ? !sendOneByte(c) : closedByPeer(c)) {
                quietClose(c);
                it.remove();
                closed++;
            }
        }
        if (trickle) {
            sweep(false);
        }
        return closed;
    }

    int stillOpen() {
        return open.size();
    }

    /** What the server answered on any connection before it closed it, its first 4 KiB. */
    String answers() {
        return answers.toString();
    }

    private static boolean sendOneByte(SocketChannel c) {
        try {
            c.write(ByteBuffer.wrap(new byte[] {'x'}));
            return true;
        } catch (IOException reset) {
            return false;
        }
    }

    private boolean closedByPeer(SocketChannel c) {
        try {
            int n;
            do {
                sink.clear();
                n = c.read(sink);
                if (n > 0 && answers.length() < 4096) {
                    answers.append(new String(sink.array(), 0, n, StandardCharsets.ISO_8859_1));
                }
            } while (n > 0); // an answer (a 4xx) is drained, not counted: only a close is
            return n < 0;
        } catch (IOException reset) {
            return true;
        }
    }

    private static void quietClose(SocketChannel c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // closing ours after the server closed its end
        }
    }

    @Override
    public void close() {
        open.forEach(HalfRequests::quietClose);
        open.clear();
    }
}
