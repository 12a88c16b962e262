package io.loadlab.target.udp;

import io.loadlab.target.TargetConfig;
import io.loadlab.common.cores.Cores;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * The sockperf-compatible UDP reflector on {@code target.udp.port}: pong requests go back to their
 * sender, everything else is counted and dropped. As many sockets as threads, all bound to one port
 * with SO_REUSEPORT so the kernel spreads senders over them; one socket where the platform lacks it.
 * Started and stopped with the application.
 */
@ApplicationScoped
public class UdpReflector {

    private static final Logger LOG = Logger.getLogger(UdpReflector.class);
    private static final int SOCKET_BUFFER_BYTES = 4 * 1024 * 1024;

    private final TargetConfig.Udp config;
    private final List<DatagramChannel> channels = new ArrayList<>();
    private final List<ReflectorStats> stats = new ArrayList<>();
    private volatile int port = -1;
    private volatile String failure;

    public UdpReflector(TargetConfig config) {
        this.config = config.udp();
    }

    /** Binds and starts the sockets; a failure to bind is logged and shown by readiness, not fatal to the HTTP API. */
    void start(@Observes StartupEvent event) {
        if (!config.enabled()) {
            LOG.info("UDP reflector disabled (target.udp.enabled=false)");
            return;
        }
        int wanted = config.threads().orElseGet(Cores::ofThisProcess);
        InetSocketAddress at = new InetSocketAddress(config.host(), config.port());
        try {
            DatagramChannel first = open(at, wanted > 1);
            boolean shared = first.supportedOptions().contains(StandardSocketOptions.SO_REUSEPORT);
            int sockets = shared ? Math.max(1, wanted) : 1;
            InetSocketAddress bound = (InetSocketAddress) first.getLocalAddress();
            List<DatagramChannel> opened = new ArrayList<>(List.of(first));
            for (int i = 1; i < sockets; i++) {
                opened.add(open(new InetSocketAddress(at.getAddress(), bound.getPort()), true));
            }
            synchronized (this) {
                for (DatagramChannel ch : opened) {
                    ReflectorStats s = new ReflectorStats();
                    channels.add(ch);
                    stats.add(s);
                    Thread t = new Thread(new ReflectorLoop(ch, s, Math.max(1, config.maxSenders() / sockets)),
                            "udp-reflector-" + stats.size());
                    t.setDaemon(true);
                    t.start();
                }
            }
            port = bound.getPort();
            LOG.infof("UDP reflector on %s:%d, %d socket(s)%s", config.host(), port, sockets,
                    shared ? " sharing the port (SO_REUSEPORT)" : " (no SO_REUSEPORT here)");
        } catch (IOException e) {
            stop(null);
            failure = "cannot bind " + at + ": " + e.getMessage();
            LOG.errorf("UDP reflector %s", failure);
        }
    }

    private DatagramChannel open(InetSocketAddress at, boolean reusePort) throws IOException {
        DatagramChannel ch = at.getAddress() instanceof Inet6Address
                ? DatagramChannel.open(StandardProtocolFamily.INET6) : DatagramChannel.open(StandardProtocolFamily.INET);
        try {
            if (reusePort && ch.supportedOptions().contains(StandardSocketOptions.SO_REUSEPORT)) {
                ch.setOption(StandardSocketOptions.SO_REUSEPORT, true);
            }
            // Bursts from a max-rate client must queue in the kernel, not be dropped, while a thread is descheduled.
            ch.setOption(StandardSocketOptions.SO_RCVBUF, SOCKET_BUFFER_BYTES);
            ch.setOption(StandardSocketOptions.SO_SNDBUF, SOCKET_BUFFER_BYTES);
            return ch.bind(at);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    synchronized void stop(@Observes ShutdownEvent event) {
        port = -1;
        for (DatagramChannel ch : channels) {
            try {
                ch.close(); // wakes its thread's blocking receive, which then ends
            } catch (IOException e) {
                LOG.warnf("Closing UDP reflector socket: %s", e.getMessage());
            }
        }
        channels.clear();
    }

    /** The bound port, -1 when not listening. */
    public int port() {
        return port;
    }

    /** Why the reflector is not listening, null when it is (or is disabled). */
    public String failure() {
        return failure;
    }

    public boolean enabled() {
        return config.enabled();
    }

    /** Sum over every socket since start; stats outlive a stop, so counters never go backwards. */
    public synchronized long total(ReflectorCounter counter) {
        long sum = 0;
        for (ReflectorStats s : stats) {
            sum += s.get(counter);
        }
        return sum;
    }

    public synchronized int sockets() {
        return channels.size();
    }
}
