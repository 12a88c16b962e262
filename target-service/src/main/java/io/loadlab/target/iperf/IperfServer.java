package io.loadlab.target.iperf;

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

/**
 * Listens on {@code target.iperf.port} and hands each connection to the test it belongs to: with no test
 * running, a new {@link IperfSession} (on its own thread); while one collects its streams, that session (it
 * checks the cookie); otherwise ACCESS_DENIED, written at once without reading, as iperf3's server does. A
 * connection that arrives after the running test sent its results waits for that test to end, as it would in
 * iperf3's backlog.
 */
@ApplicationScoped
public class IperfServer {

    private static final Logger LOG = Logger.getLogger(IperfServer.class);

    private final TargetConfig.Iperf config;
    private final IperfCounters counters;
    private ServerSocketChannel listener;
    private volatile IperfSession active;
    private volatile int port = -1;
    private volatile String failure;

    public IperfServer(TargetConfig config, IperfCounters counters) {
        this.config = config.iperf();
        this.counters = counters;
    }

    void start(@Observes StartupEvent event) {
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
        IperfSession current = active;
        if (current != null && current.finishing() && !current.done()) {
            // bounded: the session itself gives IPERF_DONE control-timeout, then tidies up in milliseconds
            current.awaitEnd(config.controlTimeout().plusSeconds(1));
        }
        if (current != null && !current.done()) {
            if (!current.offerStream(connection)) {
                deny(connection, counters);
            }
            return;
        }
        IperfSession session = new IperfSession(config, counters, connection, port);
        active = session;
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
        IperfSession current = active;
        if (current != null) {
            current.abort();
        }
    }

    /** True while a test holds the server (a new client would be denied). */
    public boolean busy() {
        IperfSession current = active;
        return current != null && !current.done();
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
