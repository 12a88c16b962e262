package io.loadlab.target.iperf;

import io.loadlab.common.iperf.Cookie;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.common.iperf.StreamCounter;
import io.loadlab.common.iperf.StreamId;
import io.loadlab.common.iperf.StreamWorker;
import io.loadlab.common.iperf.TcpReceiver;
import io.loadlab.common.iperf.TcpSender;
import io.loadlab.common.iperf.TestParameters;
import io.loadlab.common.iperf.TestResults;
import io.loadlab.common.iperf.UdpSender;

import java.io.IOException;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * One test's streams on the server: collected in connection order (the client's sending streams first, so
 * the first {@code parallel} receive here under --bidir), numbered as iperf3 numbers them, run one thread each
 * (UDP: the sending streams send on the server's shared {@link UdpPort}, whose one reading thread credits the
 * receiving streams' datagrams by sender address to the routes this test adds at its start).
 */
final class IperfStreams {

    /** A stopped loop ends within its poll interval (20 ms); a second is slack for a loaded machine. */
    private static final long JOIN_MILLIS = 1000;

    private final TestParameters p;
    private final int length;
    private final IperfCounters counters;
    private final UdpPort udpPort;
    private final int receiving;
    private final int expected;
    private final List<SocketChannel> tcp = new ArrayList<>();
    private final List<SocketAddress> udpPeers = new ArrayList<>();
    private final Map<SocketAddress, UdpRoute> udpRoutes = new HashMap<>();
    private final List<StreamWorker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<StreamCounter> streamCounters = new ArrayList<>();
    private final SessionBuffers buffers;

    IperfStreams(TestParameters p, int length, IperfCounters counters, UdpPort udpPort) {
        this.p = p;
        this.length = length;
        this.buffers = new SessionBuffers(length);
        this.counters = counters;
        this.udpPort = udpPort;
        this.receiving = p.direction().clientSending(p.parallel());
        this.expected = receiving + p.direction().clientReceiving(p.parallel());
    }

    Protocol protocol() {
        return p.protocol();
    }

    List<StreamWorker> workers() {
        return workers;
    }

    /** TCP streams: connections that send this test's cookie, every cookie read at once; others go to the router. */
    void collectTcp(BlockingQueue<StreamArrival> arrivals, Cookie cookie, long deadline, SessionRouter router)
            throws IOException {
        for (SocketChannel c : new StreamCookies(cookie, expected, counters, System::nanoTime, router)
                .collect(arrivals, deadline)) {
            c.setOption(StandardSocketOptions.TCP_NODELAY, true);
            tcp.add(c);
        }
    }

    /** How many streams this test has: what its UDP setup waits for. */
    int expected() {
        return expected;
    }

    /** UDP streams: the ones that connected to the shared port while this test's {@code setup} was open. */
    void collectUdp(UdpSetup setup, long deadline) throws InterruptedException {
        udpPeers.addAll(setup.await(deadline));
    }

    /** Every stream's counter, in id order. */
    List<StreamCounter> counters() {
        return streamCounters;
    }

    /**
     * One worker per stream (UDP: one receiver for all receiving streams), each on its own thread; with the
     * client's {@code -O}, each stream's figures leave out what it moves before {@code omitEndNanos}.
     */
    void start(long omitEndNanos) throws IOException {
        boolean tcpTest = p.protocol() == Protocol.TCP;
        for (int i = 0; i < expected; i++) {
            boolean sending = i >= receiving;
            StreamCounter.BytesListener meter = counters.listener(p.protocol(), sending);
            StreamCounter counter = p.omit() > 0
                    ? new StreamCounter(StreamId.of(i), sending, meter, omitEndNanos, System::nanoTime)
                    : new StreamCounter(StreamId.of(i), sending, meter);
            streamCounters.add(counter);
            if (tcpTest) {
                workers.add(sending
                        ? new TcpSender(tcp.get(i), counter, buffers.send(), p.bandwidth(), System::nanoTime)
                        : new TcpReceiver(tcp.get(i), counter, buffers.receive()));
            } else if (sending) {
                workers.add(new UdpSender(udpPort.channel(), udpPeers.get(i), counter, length, p.bandwidth(), p.udpCounters64bit(),
                        System::nanoTime, IperfStreams::epochMicros));
            } else {
                UdpRoute route = new UdpRoute(counter, p.udpCounters64bit());
                udpRoutes.put(udpPeers.get(i), route);
                udpPort.route(udpPeers.get(i), route);
            }
        }
        for (StreamWorker w : workers) {
            Thread t = new Thread(w, "iperf-stream-" + w.counter().id());
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    /** TEST_END: sending streams stop; what they counted is final. */
    void stopSenders() throws InterruptedException {
        for (int i = 0; i < workers.size(); i++) {
            if (workers.get(i).counter().sending()) {
                workers.get(i).stop();
                threads.get(i).join(JOIN_MILLIS);
                endOfStream(i);
            }
        }
    }

    /**
     * A TCP stream the target sent on ends with its end of stream, as iperf3's server closes its streams at
     * TEST_END: iperf3 3.12's client reads a reverse test's streams on blocking sockets and stayed in its last
     * read, deaf to EXCHANGE_RESULTS, until the target gave up on its results 10 s later.
     */
    private void endOfStream(int i) {
        if (p.protocol() == Protocol.TCP) {
            try {
                tcp.get(i).shutdownOutput();
            } catch (IOException e) {
                // the client already closed it: nothing left to tell it
            }
        }
    }

    /**
     * Receiving streams read on until each holds what the client sent on it (TCP: its bytes; UDP: its last
     * sequence number), or the deadline passes; then they stop. With {@code -O} both sides count TCP bytes after
     * their own omit window, and the target's ends first, so its count after the window reaches the client's.
     */
    void drainReceivers(TestResults client, long deadline) throws InterruptedException {
        while (System.nanoTime() < deadline && !streamCounters.stream().filter(c -> !c.sending()).allMatch(c -> holdsAll(c, client))) {
            LockSupport.parkNanos(1_000_000);
        }
        for (int i = 0; i < workers.size(); i++) {
            workers.get(i).stop();
            threads.get(i).join(JOIN_MILLIS);
        }
        unrouteUdp();
    }

    /** The shared port credits this test's receiving streams no more: what they hold is final. */
    private void unrouteUdp() {
        udpRoutes.forEach(udpPort::unroute);
        udpRoutes.clear();
    }

    private boolean holdsAll(StreamCounter c, TestResults client) {
        return client.stream(c.id()).map(sent -> p.protocol() == Protocol.TCP
                ? c.measuredBytes() >= sent.bytes() : c.udp().packets() >= sent.packets()).orElse(true);
    }

    /** Stops every stream, closes its socket and, once its thread has ended, frees the test's buffers. */
    void close() {
        workers.forEach(StreamWorker::stop);
        tcp.forEach(IperfSession::closeQuietly);
        unrouteUdp();
        boolean ended = true;
        for (Thread t : threads) {
            try {
                t.join(JOIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ended &= !t.isAlive();
        }
        buffers.release(ended);
    }

    private static long epochMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }
}
