package io.loadlab.loadgen.udp;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Stands in for target-service's reflector in this module's tests: counts datagrams, answers pong
 * requests, and serves the count as target_udp_received_total on a loopback HTTP port.
 * The real reflector is proven against sockperf in target-service and against the loadgen in bench/.
 */
final class FakeReflector implements AutoCloseable {

    private final DatagramSocket socket;
    private final HttpServer http;
    private final AtomicLong received = new AtomicLong();
    private final Thread thread;

    FakeReflector(boolean answers) throws IOException {
        socket = new DatagramSocket(0, InetAddress.getLoopbackAddress());
        socket.setReceiveBufferSize(4 << 20);
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/q/metrics", ex -> {
            byte[] body = ("# TYPE target_udp_received_total counter\ntarget_udp_received_total{application=\"target-service\"} "
                    + received.get() + ".0\n").getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        http.start();
        thread = new Thread(() -> loop(answers), "fake-reflector");
        thread.setDaemon(true);
        thread.start();
    }

    private void loop(boolean answers) {
        DatagramPacket p = new DatagramPacket(new byte[65_536], 65_536);
        try {
            while (true) {
                p.setLength(65_536);
                socket.receive(p);
                received.incrementAndGet();
                byte[] d = p.getData();
                if (answers && p.getLength() >= 14 && (d[9] & 2) != 0) {
                    d[9] &= ~1;
                    socket.send(p);
                }
            }
        } catch (IOException closed) {
            // close() ends the loop
        }
    }

    URI target() {
        return URI.create("udp://127.0.0.1:" + socket.getLocalPort());
    }

    URI metrics() {
        return URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/q/metrics");
    }

    long received() {
        return received.get();
    }

    @Override
    public void close() {
        socket.close();
        http.stop(0);
    }
}
