package io.loadlab.loadgen.iperf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Debian's {@code iperf3 -s -1 -J} on a free loopback port: serves one test, then prints its JSON report and
 * exits. Always reaped; a missing binary fails the test naming it.
 */
final class StockIperf3Server implements AutoCloseable {

    private final Process process;
    private final int port;

    private StockIperf3Server(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static StockIperf3Server start() throws IOException, InterruptedException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Process p;
        try {
            p = new ProcessBuilder("iperf3", "-s", "-1", "-J", "-B", "127.0.0.1", "-p", Integer.toString(port))
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            return fail("iperf3 is required for this test (Debian/Ubuntu: apt-get install iperf3): " + e.getMessage());
        }
        StockIperf3Server server = new StockIperf3Server(p, port);
        server.awaitListening();
        return server;
    }

    int port() {
        return port;
    }

    /** The server's JSON report, once its one test is over. */
    JsonNode report() throws IOException, InterruptedException {
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            fail("iperf3 -s did not end within 20 s of its test");
        }
        String out = new String(process.getInputStream().readAllBytes());
        return new ObjectMapper().readTree(out);
    }

    /** Connecting to see whether it listens would be its one test: look for the socket in /proc instead. */
    private void awaitListening() throws IOException, InterruptedException {
        String local = String.format(Locale.ROOT, "0100007F:%04X 00000000:0000 0A", port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (Files.readString(Path.of("/proc/net/tcp")).contains(local)) {
                return;
            }
            if (!process.isAlive()) {
                fail("iperf3 -s exited: " + new String(process.getInputStream().readAllBytes()));
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
        fail("iperf3 -s not listening on " + port + " after 10 s");
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
