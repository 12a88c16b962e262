package io.loadlab.target.iperf;

import io.loadlab.common.iperf.IperfProtocolException;
import io.loadlab.common.iperf.UdpConnect;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The server's one UDP socket on {@code target.iperf.port}, shared by every UDP test that runs: one reading thread
 * credits each datagram to the stream its sender address is routed to (a test routes its receiving streams when it
 * starts and unroutes them when it stops receiving; a datagram from an address routed nowhere is counted nowhere),
 * and the tests' sending streams send on it to their peers. A connect datagram carries no cookie, so tests take
 * their stream setup one at a time ({@link #beginSetup}): a connect belongs to the test whose setup is open. iperf3's
 * client sends a stream's connect only once it has read CREATE_STREAMS, then waits for the reply before the next
 * ({@code iperf_create_streams} calls {@code iperf_udp_connect}: write the 4 bytes, block in recv), so a test that
 * takes the lock before writing CREATE_STREAMS and holds it until its streams are in sees only its own connects;
 * the tests' measured phases overlap freely.
 * <p>
 * Bound at the first UDP test rather than at start: a server only ever asked for TCP holds no UDP socket and no
 * thread, and a UDP port another process holds fails that UDP test (its log names the bind), as it did when each
 * test bound the port itself, not the whole server. Once bound it stays bound until shutdown.
 */
final class UdpPort implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(UdpPort.class);
    /** 4 MiB each way, as one test's socket had: 20 Mbit/s for 1.6 s of a stalled reader. */
    private static final int SOCKET_BUFFER = 4 * 1024 * 1024;
    /** The largest datagram iperf3 sends (its -l limit for UDP), so no datagram is cut short. */
    private static final int DATAGRAM_BYTES = 65536;
    /** How long the reader waits for a datagram before it looks whether the port closed. */
    private static final long POLL_MILLIS = 20;
    private static final int REPLY_TRIES = 20;

    private final String host;
    private final int port;
    private final Map<SocketAddress, UdpRoute> routes = new ConcurrentHashMap<>();
    /** One permit: the open setup's. A semaphore, not a lock: whichever thread closes the setup gives it back. */
    private final Semaphore setupLock = new Semaphore(1);
    private volatile UdpSetup setup;
    /** Null until the first UDP test, and again after the reader failed; guarded by this. */
    private DatagramChannel channel;
    private boolean closed;

    UdpPort(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /** The shared channel, bound (and its reader started) at the first call. */
    synchronized DatagramChannel channel() throws IOException {
        if (closed) {
            throw new ClosedChannelException();
        }
        if (channel == null) {
            DatagramChannel c = DatagramChannel.open();
            try {
                c.setOption(StandardSocketOptions.SO_REUSEADDR, true);
                c.setOption(StandardSocketOptions.SO_RCVBUF, SOCKET_BUFFER);
                c.setOption(StandardSocketOptions.SO_SNDBUF, SOCKET_BUFFER);
                c.bind(new InetSocketAddress(host, port));
                c.configureBlocking(false);
            } catch (IOException e) {
                IperfSession.closeQuietly(c);
                throw e;
            }
            channel = c;
            Thread reader = new Thread(() -> read(c), "iperf-udp-reader");
            reader.setDaemon(true);
            reader.start();
        }
        return channel;
    }

    /**
     * Opens a test's stream setup once no other test's is open, waiting until {@code deadlineNanos} at most; the
     * caller writes CREATE_STREAMS after this returns and closes the setup on every path.
     */
    UdpSetup beginSetup(int expected, long deadlineNanos) throws IOException, InterruptedException {
        DatagramChannel c = channel();
        if (!setupLock.tryAcquire(deadlineNanos - System.nanoTime(), TimeUnit.NANOSECONDS)) {
            throw new IperfProtocolException("another UDP test's streams were still connecting at the deadline");
        }
        UdpSetup s = new UdpSetup(expected, () -> {
            setup = null;
            setupLock.release();
        });
        setup = s;
        if (!c.isOpen()) {
            s.close();
            throw new ClosedChannelException();
        }
        return s;
    }

    /** From now on {@code from}'s datagrams are credited to {@code route}. */
    void route(SocketAddress from, UdpRoute route) {
        routes.put(from, route);
    }

    /** {@code from}'s datagrams are counted nowhere again; nothing more reaches {@code route} once this returns. */
    void unroute(SocketAddress from, UdpRoute route) {
        routes.remove(from, route);
        route.close();
    }

    private void read(DatagramChannel c) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(DATAGRAM_BYTES);
        try (Selector selector = Selector.open()) {
            c.register(selector, SelectionKey.OP_READ);
            while (true) {
                buffer.clear();
                SocketAddress from = c.receive(buffer);
                if (from == null) {
                    selector.select(POLL_MILLIS);
                    selector.selectedKeys().clear();
                    continue;
                }
                long arrival = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
                buffer.flip();
                UdpRoute route = routes.get(from);
                if (route != null) {
                    route.take(buffer, arrival);
                    continue;
                }
                UdpSetup open = setup;
                if (open != null && UdpConnect.isMessage(buffer) && open.connected(from)) {
                    reply(c, from);
                }
            }
        } catch (ClosedChannelException stopped) {
            // close() at shutdown: the normal end.
        } catch (IOException | RuntimeException e) {
            LOG.errorf(e, "iperf3 UDP port stopped reading; the next UDP test binds it again");
            synchronized (this) {
                IperfSession.closeQuietly(c);
                if (channel == c) {
                    channel = null;
                }
            }
        }
    }

    /**
     * Answers a stream's connect. The channel does not block (the reader polls it), and other tests' {@code -R}
     * streams may have filled its send buffer: a few tries a millisecond apart, as a client that never hears the
     * answer waits 30 s in its recv. 20 ms at most keeps the receiving streams' 4 MiB buffer far from full.
     */
    private static void reply(DatagramChannel c, SocketAddress to) throws IOException {
        for (int i = 0; i < REPLY_TRIES && c.send(UdpConnect.reply(), to) == 0; i++) {
            LockSupport.parkNanos(1_000_000);
        }
    }

    /** Shutdown: the reader ends within its poll interval. */
    @Override
    public synchronized void close() {
        closed = true;
        if (channel != null) {
            IperfSession.closeQuietly(channel);
        }
    }
}
