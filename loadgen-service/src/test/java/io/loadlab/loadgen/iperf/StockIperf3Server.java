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
 * exits. With {@code -d} it also prints the results JSON the client sent it ({@code get_results}), the wire as
 * the stock server read it. Always reaped; a missing binary fails the test naming it.
 */
final class StockIperf3Server implements AutoCloseable {

    private final Process process;
    private final int port;
    /** Where the output goes: a file, not a pipe, since {@code -d} prints a line per datagram. */
    private final Path out;
    private String output;

    private StockIperf3Server(Process process, int port, Path out) {
        this.process = process;
        this.port = port;
        this.out = out;
    }

    static StockIperf3Server start() throws IOException, InterruptedException {
        return start(false);
    }

    /** With {@code debug}, {@code -d}: {@link #clientResults()} reads what the client sent. */
    static StockIperf3Server start(boolean debug) throws IOException, InterruptedException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path out = Files.createTempFile("iperf3-s", ".out");
        Process p;
        try {
            p = new ProcessBuilder(debug ? new String[] {"iperf3", "-s", "-1", "-J", "-d", "-B", "127.0.0.1", "-p", Integer.toString(port)}
                    : new String[] {"iperf3", "-s", "-1", "-J", "-B", "127.0.0.1", "-p", Integer.toString(port)})
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        } catch (IOException e) {
            Files.deleteIfExists(out);
            return fail("iperf3 is required for this test (Debian/Ubuntu: apt-get install iperf3): " + e.getMessage());
        }
        StockIperf3Server server = new StockIperf3Server(p, port, out);
        server.awaitListening();
        return server;
    }

    int port() {
        return port;
    }

    /** The server's JSON report, once its one test is over. */
    JsonNode report() throws IOException, InterruptedException {
        String out = output();
        int json = out.indexOf("{\n\t\"start\":");
        return new ObjectMapper().readTree(json < 0 ? out : out.substring(json));
    }

    /** The results the client sent, as {@code -d} printed them after {@code get_results}. */
    JsonNode clientResults() throws IOException, InterruptedException {
        String out = output();
        int at = out.indexOf("get_results\n{");
        if (at < 0) {
            fail("iperf3 -s -d printed no get_results: " + out);
        }
        return new ObjectMapper().readTree(out.substring(out.indexOf('{', at)));
    }

    private String output() throws IOException, InterruptedException {
        if (output == null) {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                fail("iperf3 -s did not end within 20 s of its test");
            }
            output = Files.readString(out);
        }
        return output;
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
                fail("iperf3 -s exited: " + Files.readString(out));
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
        fail("iperf3 -s not listening on " + port + " after 10 s");
    }

    @Override
    public void close() throws IOException {
        process.destroyForcibly();
        Files.deleteIfExists(out);
    }
}
