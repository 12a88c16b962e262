package io.loadlab.common.iperf;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Reads datagrams from one socket and credits each to its stream, found by sender address ({@code route}; null
 * for a sender that is no stream of the test: ignored), feeding bytes and the header's figures to the stream's
 * counter. Datagrams shorter than the header are not counted, as iperf3 cannot read them either.
 */
public final class UdpReceiver extends StreamWorker {

    private final DatagramChannel channel;
    private final Function<SocketAddress, StreamCounter> route;
    private final boolean counters64;
    private final LongSupplier epochMicros;
    private final int bufferBytes;

    public UdpReceiver(DatagramChannel channel, Function<SocketAddress, StreamCounter> route, boolean counters64,
                       LongSupplier epochMicros, int bufferBytes, StreamCounter first) {
        super(first);
        this.channel = channel;
        this.route = route;
        this.counters64 = counters64;
        this.epochMicros = epochMicros;
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
                SocketAddress from = channel.receive(buffer);
                if (from == null) {
                    selector.select(POLL_MILLIS);
                    selector.selectedKeys().clear();
                    continue;
                }
                long arrival = epochMicros.getAsLong();
                buffer.flip();
                StreamCounter stream = route.apply(from);
                if (stream != null) {
                    credit(stream, buffer, counters64, arrival);
                }
            }
        } catch (IOException e) {
            fail(e);
        }
    }

    /**
     * Credits one datagram ({@code datagram} flipped for reading) that arrived at {@code arrivalMicros} to
     * {@code stream}: its bytes, and its header's sequence and send time for jitter, loss and order. One shorter
     * than the header is not counted. Shared with a server whose one socket serves several tests' streams.
     */
    public static void credit(StreamCounter stream, ByteBuffer datagram, boolean counters64, long arrivalMicros) {
        if (datagram.remaining() < UdpHeader.size(counters64)) {
            return;
        }
        stream.addBytes(datagram.remaining());
        stream.udp().take(UdpHeader.sequence(datagram, counters64), UdpHeader.epochMicros(datagram), arrivalMicros);
    }
}
