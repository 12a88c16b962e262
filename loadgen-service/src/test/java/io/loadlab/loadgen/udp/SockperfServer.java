package io.loadlab.loadgen.udp;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The stock {@code sockperf server} on a free loopback port, started for a test and always stopped.
 * Missing sockperf fails the test with a message naming it: the proof needs the real binary.
 */
final class SockperfServer implements AutoCloseable {

    private final Process process;
    private final int port;

    private SockperfServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static SockperfServer start() throws IOException, InterruptedException {
        int port;
        try (DatagramSocket probe = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Process p;
        try {
            p = new ProcessBuilder("sockperf", "server", "-i", "127.0.0.1", "-p", Integer.toString(port))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            return fail("sockperf is required for this test (Debian/Ubuntu: apt-get install sockperf): " + e.getMessage());
        }
        SockperfServer server = new SockperfServer(p, port);
        try {
            server.awaitAnswering();
        } catch (IOException | RuntimeException | Error e) {
            server.close();
            throw e;
        }
        return server;
    }

    URI target() {
        return URI.create("udp://127.0.0.1:" + port);
    }

    /** Pings until sockperf answers: it is ready only once it has bound and entered its loop. */
    private void awaitAnswering() throws IOException {
        ByteBuffer ping = ByteBuffer.allocate(64).putLong(0, 1).putShort(8, (short) 3).putInt(10, 64);
        try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            s.setSoTimeout(100);
            s.connect(InetAddress.getLoopbackAddress(), port);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    fail("sockperf server exited with " + process.exitValue());
                }
                s.send(new DatagramPacket(ping.array(), 64));
                try {
                    s.receive(new DatagramPacket(new byte[128], 128));
                    return;
                } catch (SocketTimeoutException | java.net.PortUnreachableException notYet) {
                    // not bound yet
                }
            }
        }
        fail("sockperf server did not answer on port " + port + " within 10 s");
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
