package io.loadlab.target.iperf;

import io.loadlab.common.iperf.Cookie;
import io.loadlab.common.iperf.IperfState;
import io.loadlab.target.TargetConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * Listens on {@code target.iperf.port} and hands each connection to the test it belongs to: while a test collects
 * its streams, that session (it reads the cookie, and hands a connection with another cookie back here: another
 * collecting test's stream, or a new test's control connection); else, with fewer than {@code max-clients} tests
 * running, a new {@link IperfSession} (on its own thread); otherwise ACCESS_DENIED, written at once without reading,
 * as iperf3's server does. With the default of 1 that is iperf3's one test at a time; more let several agents measure
 * one target's link together, each test with its own streams, results and interval figures (the meters add them),
 * over TCP and UDP alike: UDP tests share the one UDP port ({@link UdpPort}), their stream setups one at a time.
 * A connection that arrives when every slot is taken and one test has sent its results waits for that test to end,
 * as it would in iperf3's backlog.
 */
@ApplicationScoped
public class IperfServer implements SessionRouter {

    /** The configuration key of how many tests may run at once. */
    public static final String MAX_CLIENTS = "target.iperf.max-clients";
    /** At most this many at once: each test holds a thread, its streams' buffers ({@code max-stream-bytes}) and fds. */
    public static final int MAX_CLIENTS_LIMIT = 64;

    private static final Logger LOG = Logger.getLogger(IperfServer.class);

    private final TargetConfig.Iperf config;
    private final IperfCounters counters;
    private ServerSocketChannel listener;
    /** The tests not yet ended, in the order they started; guarded by this. */
    private final List<IperfSession> sessions = new ArrayList<>();
    /** The UDP port every UDP test shares, bound at the first; null until the listener is bound. */
    private UdpPort udpPort;
    private volatile int port = -1;
    /** Handed-back connections waiting for a finishing test ({@link #elsewhere}); guarded by this. */
    private int waiting;
    private volatile String failure;

    public IperfServer(TargetConfig config, IperfCounters counters) {
        this.config = config.iperf();
        this.counters = counters;
    }

    void start(@Observes StartupEvent event) {
        checkMaxClients(config.maxClients());
        if (!config.enabled()) {
            LOG.info("iperf3 server disabled (target.iperf.enabled=false)");
            return;
        }
        InetSocketAddress at = new InetSocketAddress(config.host(), config.port());
        try {
            listener = ServerSocketChannel.open();
            listener.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            listener.bind(at, 64);
            port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
            udpPort = new UdpPort(config.host(), port);
        } catch (IOException e) {
            failure = "cannot bind " + at + ": " + e.getMessage();
            LOG.errorf("iperf3 server %s", failure);
            stop(null);
            return;
        }
        Thread acceptor = new Thread(this::acceptLoop, "iperf-acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
        LOG.infof("iperf3 server on %s:%d", config.host(), port);
    }

    /** Fails the start, naming the key, on a count out of 1..64: a typo must not silently become one at a time. */
    static void checkMaxClients(int max) {
        if (max < 1 || max > MAX_CLIENTS_LIMIT) {
            throw new IllegalArgumentException(MAX_CLIENTS + " must be from 1 to " + MAX_CLIENTS_LIMIT + ", was " + max);
        }
    }

    private void acceptLoop() {
        try {
            while (true) {
                hand(listener.accept());
            }
        } catch (ClosedChannelException stopped) {
            // stop() closed the listener: the normal end.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException e) {
            LOG.errorf(e, "iperf3 server stopped accepting");
            failure = "stopped accepting: " + e.getMessage();
        }
    }

    private void hand(SocketChannel connection) throws InterruptedException {
        IperfSession finishing;
        synchronized (this) {
            sessions.removeIf(IperfSession::done);
            if (routedToCollecting(connection, null)) {
                return;
            }
            finishing = beginOrFinishing(connection, null);
            if (finishing == null) {
                return;
            }
        }
        // bounded: the session itself gives IPERF_DONE control-timeout, then tidies up in milliseconds
        finishing.awaitEnd(config.controlTimeout().plusSeconds(1));
        routeOnce(connection, null);
    }

    /**
     * A connection a collecting test read and handed back. When every slot is taken and one test has sent its
     * results, it waits for that test as {@link #hand} does, but on a thread of its own: the caller is that collecting
     * test's thread, and must not stall its own streams (a CI run denied the third of three agents' tests here, the
     * first two collecting while the test before them was finishing). At most {@code max-clients} wait at once.
     */
    @Override
    public void elsewhere(SocketChannel connection, Cookie cookie) {
        IperfSession finishing;
        synchronized (this) {
            sessions.removeIf(IperfSession::done);
            if (routedToCollecting(connection, cookie)) {
                return;
            }
            if (waiting >= config.maxClients()) {
                beginOrDeny(connection, cookie);
                return;
            }
            finishing = beginOrFinishing(connection, cookie);
            if (finishing == null) {
                return;
            }
            waiting++;
        }
        Thread t = new Thread(() -> {
            try {
                finishing.awaitEnd(config.controlTimeout().plusSeconds(1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                synchronized (this) {
                    waiting--;
                }
            }
            routeOnce(connection, cookie);
        }, "iperf-wait");
        t.setDaemon(true);
        t.start();
    }

    /** After a wait: another collecting test's stream, a new test, or ACCESS_DENIED; never a second wait. */
    private synchronized void routeOnce(SocketChannel connection, Cookie cookie) {
        sessions.removeIf(IperfSession::done);
        if (!routedToCollecting(connection, cookie)) {
            beginOrDeny(connection, cookie);
        }
    }

    /**
     * Offers a connection to the collecting test its cookie names; with its cookie unread (null), to the first
     * collecting test, which reads it (a connection a test was offered but had not read when it got its own streams
     * comes back unread: a CI run denied such a one, the third agent's control connection, as the first agent's test
     * took its one stream). Called holding this.
     */
    private boolean routedToCollecting(SocketChannel connection, Cookie cookie) {
        if (port >= 0) {
            for (IperfSession s : sessions) {
                if ((cookie == null || cookie.equals(s.cookie())) && s.offerStream(new StreamArrival(connection, cookie))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A new test when a slot is free (null); else the test that has sent its results, to wait for; else ACCESS_DENIED
     * (null). Called holding this.
     */
    private IperfSession beginOrFinishing(SocketChannel connection, Cookie cookie) {
        if (port >= 0 && sessions.size() < config.maxClients()) {
            begin(connection, cookie);
            return null;
        }
        IperfSession finishing = port < 0 ? null : sessions.stream().filter(IperfSession::finishing).findFirst().orElse(null);
        if (finishing == null) {
            deny(connection, counters);
        }
        return finishing;
    }

    private void beginOrDeny(SocketChannel connection, Cookie cookie) {
        if (port >= 0 && sessions.size() < config.maxClients()) {
            begin(connection, cookie);
        } else {
            deny(connection, counters);
        }
    }

    /** A new test on {@code connection}, its cookie read already or not; called holding this. */
    private void begin(SocketChannel connection, Cookie cookie) {
        try {
            connection.configureBlocking(true); // a session reads its control exchange with blocking streams
        } catch (IOException e) {
            deny(connection, counters);
            return;
        }
        IperfSession session = new IperfSession(config, counters, connection, udpPort, cookie, this);
        sessions.add(session);
        Thread t = new Thread(session, "iperf-test");
        t.setDaemon(true);
        t.start();
    }

    /** iperf3's answer to a client it cannot serve now: the ACCESS_DENIED state byte, then the connection closed. */
    static void deny(SocketChannel connection, IperfCounters counters) {
        counters.deny();
        try (connection) {
            connection.configureBlocking(false);
            connection.write(ByteBuffer.wrap(new byte[] {IperfState.ACCESS_DENIED.code()}));
        } catch (IOException e) {
            // The client left already; nothing to tell it.
        }
    }

    synchronized void stop(@Observes ShutdownEvent event) {
        port = -1;
        if (listener != null) {
            try {
                listener.close();
            } catch (IOException e) {
                LOG.warnf("Closing iperf3 listener: %s", e.getMessage());
            }
        }
        for (IperfSession s : sessions) {
            s.abort();
        }
        if (udpPort != null) {
            udpPort.close();
        }
    }

    /** True while every slot is held by a test (a new client would be denied). */
    public synchronized boolean busy() {
        return running() >= config.maxClients();
    }

    /** Tests running now, from the control connection's cookie to their end. */
    public synchronized int running() {
        sessions.removeIf(IperfSession::done);
        return sessions.size();
    }

    /** The bound port, -1 when not listening. */
    public int port() {
        return port;
    }

    /** Why the server is not listening, null when it is (or is disabled). */
    public String failure() {
        return failure;
    }

    public boolean enabled() {
        return config.enabled();
    }
}
