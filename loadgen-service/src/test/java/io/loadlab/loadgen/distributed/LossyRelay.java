package io.loadlab.loadgen.distributed;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A UDP relay in front of the target's reflector that drops a share of the datagrams at random: the 1% drop netem
 * would give, which this machine's kernel cannot (no {@code sch_netem}, no tc {@code gact}, no iptables: "Specified
 * qdisc kind is unknown"). Seeded, so a run drops the same datagrams each time it sends the same sequence. It stops
 * by itself after {@link #MAX_LIFE_NANOS}, and at {@link #close()}.
 */
final class LossyRelay implements AutoCloseable {

    static final long MAX_LIFE_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final DatagramSocket socket;
    private final InetSocketAddress to;
    private final double dropShare;
    private final SplittableRandom random;
    private final Thread thread;
    private final AtomicLong forwarded = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private volatile boolean closed;

    private LossyRelay(DatagramSocket socket, InetSocketAddress to, double dropShare, long seed) {
        this.socket = socket;
        this.to = to;
        this.dropShare = dropShare;
        this.random = new SplittableRandom(seed);
        this.thread = new Thread(this::relay, "lossy-relay");
        this.thread.setDaemon(true);
    }

    /** Listens on {@code host} (a free port) and forwards to {@code target} ({@code udp://host:port}). */
    static LossyRelay start(String host, URI target, double dropShare, long seed) throws IOException {
        DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getByName(host), 0));
        socket.setReceiveBufferSize(4 << 20);
        socket.setSoTimeout(200);
        LossyRelay relay = new LossyRelay(socket, new InetSocketAddress(target.getHost(), target.getPort()),
                dropShare, seed);
        relay.thread.start();
        return relay;
    }

    /** Where the agents send: {@code udp://host:port}. */
    URI target() {
        return URI.create("udp://" + socket.getLocalAddress().getHostAddress() + ":" + socket.getLocalPort());
    }

    long dropped() {
        return dropped.get();
    }

    long forwarded() {
        return forwarded.get();
    }

    private void relay() {
        byte[] buffer = new byte[65_536];
        long end = System.nanoTime() + MAX_LIFE_NANOS;
        try (DatagramSocket out = new DatagramSocket()) {
            while (!closed && System.nanoTime() < end) {
                DatagramPacket in = new DatagramPacket(buffer, buffer.length);
                try {
                    socket.receive(in);
                } catch (SocketTimeoutException e) {
                    continue;
                }
                if (random.nextDouble() < dropShare) {
                    dropped.incrementAndGet();
                } else {
                    out.send(new DatagramPacket(buffer, in.getLength(), to));
                    forwarded.incrementAndGet();
                }
            }
        } catch (IOException e) {
            // closed under it: the test is over
        }
    }

    @Override
    public void close() {
        closed = true;
        socket.close();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
