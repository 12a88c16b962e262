package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.Cookie;
import io.loadlab.common.iperf.IperfProtocolException;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.common.iperf.StreamCounter;
import io.loadlab.common.iperf.StreamId;
import io.loadlab.common.iperf.StreamWorker;
import io.loadlab.common.iperf.TcpReceiver;
import io.loadlab.common.iperf.TcpSender;
import io.loadlab.common.iperf.TestResults;
import io.loadlab.common.iperf.UdpConnect;
import io.loadlab.common.iperf.UdpReceiver;
import io.loadlab.common.iperf.UdpSender;
import io.loadlab.loadgen.engine.NanoClock;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The client's streams: connected in iperf3's order (sending streams first), one worker thread each, stopped
 * senders-first at the test's end and receivers after draining.
 */
final class ClientStreams {

    private static final int UDP_SOCKET_BUFFER = 4 * 1024 * 1024;
    private static final long JOIN_MILLIS = 1000;

    private final IperfSpec spec;
    private final NanoClock clock;
    private final Duration timeout;
    private final List<Closeable> sockets = new ArrayList<>();
    private final List<StreamWorker> workers = new ArrayList<>();
    /** Read by progress from other threads while the streams connect. */
    private final List<StreamCounter> counters = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    private final InetAddress address;
    private final WarmupEnd warmupEnd;

    ClientStreams(IperfSpec spec, InetAddress address, NanoClock clock, Duration timeout) {
        this.spec = spec;
        this.address = address;
        this.clock = clock;
        this.timeout = timeout;
        this.warmupEnd = new WarmupEnd(clock);
    }

    List<StreamCounter> counters() {
        return counters;
    }

    void connect(Cookie cookie) throws IOException {
        int sending = spec.direction().clientSending(spec.streams());
        int all = sending + spec.direction().clientReceiving(spec.streams());
        InetSocketAddress server = new InetSocketAddress(address, spec.port());
        for (int i = 0; i < all; i++) {
            StreamCounter counter = new StreamCounter(StreamId.of(i), i < sending, StreamCounter.BytesListener.NONE, 0,
                    warmupEnd::nanosPast);
            counters.add(counter);
            workers.add(spec.protocol() == Protocol.TCP ? tcp(server, cookie, counter) : udp(server, counter));
        }
    }

    private StreamWorker tcp(InetSocketAddress server, Cookie cookie, StreamCounter counter) throws IOException {
        SocketChannel c = SocketChannel.open();
        sockets.add(c);
        c.socket().connect(server, (int) timeout.toMillis());
        c.setOption(StandardSocketOptions.TCP_NODELAY, true);
        c.write(ByteBuffer.wrap(cookie.wire()));
        int length = spec.effectiveLength();
        return counter.sending()
                ? new TcpSender(c, counter, length, spec.bitrate(), clock::nanoTime)
                : new TcpReceiver(c, counter, Math.max(length, 128 * 1024));
    }

    private StreamWorker udp(InetSocketAddress server, StreamCounter counter) throws IOException {
        DatagramChannel c = DatagramChannel.open();
        sockets.add(c);
        c.setOption(StandardSocketOptions.SO_RCVBUF, UDP_SOCKET_BUFFER);
        c.setOption(StandardSocketOptions.SO_SNDBUF, UDP_SOCKET_BUFFER);
        c.connect(server);
        c.configureBlocking(false);
        c.write(UdpConnect.message());
        ByteBuffer reply = ByteBuffer.allocate(64);
        long deadline = clock.nanoTime() + timeout.toNanos();
        try (Selector selector = Selector.open()) {
            c.register(selector, SelectionKey.OP_READ);
            while (true) {
                long left = (deadline - clock.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    throw new IperfProtocolException("no reply to UDP stream " + counter.id() + "'s connect message");
                }
                selector.select(left);
                selector.selectedKeys().clear();
                reply.clear();
                if (c.read(reply) > 0 && UdpConnect.isReply(reply.flip())) {
                    break;
                }
            }
        }
        int length = spec.effectiveLength();
        return counter.sending()
                ? new UdpSender(c, null, counter, length, spec.bitrate(), false, clock::nanoTime, ClientStreams::epochMicros)
                : new UdpReceiver(c, a -> counter, false, ClientStreams::epochMicros, 65536, counter);
    }

    /** Starts every stream's thread, the warm-up's clock first, so all they move before its end is omitted. */
    void start() {
        warmupEnd.startNow(spec.warmup());
        for (StreamWorker w : workers) {
            Thread t = new Thread(w, "iperf-client-stream-" + w.counter().id());
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    void stopSenders() throws InterruptedException {
        for (int i = 0; i < threads.size(); i++) {
            if (workers.get(i).counter().sending()) {
                workers.get(i).stop();
                threads.get(i).join(JOIN_MILLIS);
            }
        }
    }

    /** Receivers read on until they hold what the server sent (TCP bytes, UDP last sequence number) or the deadline. */
    void drainReceivers(TestResults server, long deadline) throws InterruptedException {
        while (clock.nanoTime() < deadline && !counters.stream().filter(c -> !c.sending()).allMatch(c -> holdsAll(c, server))) {
            ClientSession.pause(1_000_000);
        }
        for (int i = 0; i < threads.size(); i++) {
            workers.get(i).stop();
            threads.get(i).join(JOIN_MILLIS);
        }
    }

    private boolean holdsAll(StreamCounter c, TestResults server) {
        return server.stream(c.id()).map(sent -> spec.protocol() == Protocol.TCP
                ? c.bytes() >= sent.bytes() : c.udp().packets() >= sent.packets()).orElse(true);
    }

    /** The first error a stream met, null when none did. */
    String failure() {
        return workers.stream().map(StreamWorker::failure).filter(f -> f != null).findFirst().orElse(null);
    }

    void close() {
        workers.forEach(StreamWorker::stop);
        for (Thread t : threads) {
            try {
                t.join(JOIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (Closeable s : sockets) {
            try {
                s.close();
            } catch (IOException e) {
                // closing at the end: nothing left to report
            }
        }
    }

    private static long epochMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }
}
