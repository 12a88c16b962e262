package io.loadlab.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Loopback ports free now: other builds share the machine, so nothing listens on a fixed port. */
public final class FreePorts {

    private FreePorts() {
    }

    public static int tcp() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code count} different loopback TCP ports free now, each socket held open until all are chosen: two calls of
     * {@link #tcp()} in a row may return the same port (a CI run gave a target's HTTPS and iperf3 ports both 35193,
     * and the second could not bind).
     */
    public static int[] tcp(int count) {
        ServerSocket[] held = new ServerSocket[count];
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                held[i] = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                ports[i] = held[i].getLocalPort();
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            for (ServerSocket s : held) {
                if (s != null) {
                    try {
                        s.close();
                    } catch (IOException ignored) {
                        // a port we only looked at: nothing to keep
                    }
                }
            }
        }
    }

    public static int udp() {
        try (DatagramSocket s = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
