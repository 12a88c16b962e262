package io.loadlab.testsupport;

import io.loadlab.common.sockperf.SockperfHeader;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.PortUnreachableException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The stock {@code sockperf server} on a free loopback port, started for a test and always stopped.
 * Missing sockperf fails the test with a message naming it: the proof needs the real binary.
 */
public final class SockperfServer implements AutoCloseable {

    private final LocalProcess process;
    private final int port;

    private SockperfServer(LocalProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    public static SockperfServer start() throws IOException, InterruptedException {
        int port = FreePorts.udp();
        LocalProcess p = LocalProcess.startInTemp("sockperf-server", List.of("sockperf", "server", "-i", "127.0.0.1", "-p",
                Integer.toString(port)), Map.of());
        SockperfServer server = new SockperfServer(p, port);
        try {
            server.awaitAnswering();
        } catch (IOException | RuntimeException | Error e) {
            server.close();
            throw e;
        }
        return server;
    }

    public URI target() {
        return URI.create("udp://127.0.0.1:" + port);
    }

    /** Pings until sockperf answers: it is ready only once it has bound and entered its loop. */
    private void awaitAnswering() throws IOException {
        ByteBuffer ping = ByteBuffer.allocate(64);
        SockperfHeader.put(ping, 1, (short) (SockperfHeader.CLIENT | SockperfHeader.PONG_REQUEST), 64);
        try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            s.setSoTimeout(100);
            s.connect(InetAddress.getLoopbackAddress(), port);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < deadline) {
                process.assertAlive();
                s.send(new DatagramPacket(ping.array(), 64));
                try {
                    s.receive(new DatagramPacket(new byte[128], 128));
                    return;
                } catch (SocketTimeoutException | PortUnreachableException notYet) {
                    // not bound yet
                }
            }
        }
        throw new AssertionError("sockperf server did not answer on port " + port + " within 10 s:\n" + process.logTail());
    }

    @Override
    public void close() {
        process.close();
    }
}
