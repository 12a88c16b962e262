package io.loadlab.loadgen.calibrate;

import io.loadlab.common.sockperf.SockperfHeader;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A UDP reflector on 127.0.0.1 by sockperf's rule, the cheapest UDP target this process can offer: every message
 * is counted, and one whose flags ask for a pong (sockperf's {@code PONG_REQUEST}) goes back to its sender with the
 * client flag cleared; the rest are only counted, as sockperf's server does in throughput mode. One thread, one
 * direct buffer, blocking receive: nothing allocated per message.
 */
public final class UdpEcho implements AutoCloseable {

    static final String THREAD = "calibration-udp-echo";

    private final DatagramChannel channel;
    private final Thread thread;
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong answered = new AtomicLong();

    private UdpEcho(DatagramChannel channel) {
        this.channel = channel;
        this.thread = new Thread(this::loop, THREAD);
        thread.setDaemon(true);
    }

    public static UdpEcho start() throws IOException {
        DatagramChannel ch = DatagramChannel.open();
        try {
            // 4 MiB asked (the kernel caps it at net.core.rmem_max): a burst from the generator waits here, not lost.
            ch.setOption(StandardSocketOptions.SO_RCVBUF, 4 << 20);
            ch.bind(new InetSocketAddress("127.0.0.1", 0));
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
        UdpEcho echo = new UdpEcho(ch);
        echo.thread.start();
        return echo;
    }

    private void loop() {
        ByteBuffer buf = ByteBuffer.allocateDirect(SockperfHeader.MAX_MESSAGE);
        try {
            while (true) {
                buf.clear();
                SocketAddress from = channel.receive(buf);
                received.incrementAndGet();
                buf.flip();
                if (SockperfHeader.classify(buf, buf.remaining()) == SockperfHeader.Kind.PONG_REQUEST) {
                    SockperfHeader.toPong(buf);
                    channel.send(buf, from);
                    answered.incrementAndGet();
                }
            }
        } catch (AsynchronousCloseException e) {
            // closed by close(): the normal end
        } catch (IOException e) {
            throw new IllegalStateException("UDP echo failed", e);
        }
    }

    /** Where to aim a UDP run: {@code udp://127.0.0.1:<port>}. */
    public URI uri() throws IOException {
        return URI.create("udp://127.0.0.1:" + ((InetSocketAddress) channel.getLocalAddress()).getPort());
    }

    /** Messages received so far, answered or not. */
    public long received() {
        return received.get();
    }

    /** Pongs sent so far. */
    public long answered() {
        return answered.get();
    }

    @Override
    public void close() throws InterruptedException, IOException {
        channel.close();
        thread.join(2000);
    }
}
