package io.loadlab.target.iperf;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The control connection's input with a deadline on each phase of the exchange (cookie, parameters, the test,
 * results, IPERF_DONE), not on each read: every read waits at most what is left of the phase. A per-read timeout
 * let a cookie dripped one byte every 5 s hold the server 45 s, and one byte every 9 s for days.
 */
final class PhaseDeadline extends InputStream {

    private final Socket socket;
    private final InputStream in;
    private final LongSupplier nanoTime;
    private volatile long deadline;
    private volatile String phase = "connection";

    PhaseDeadline(Socket socket, LongSupplier nanoTime) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.nanoTime = nanoTime;
        this.deadline = nanoTime.getAsLong();
    }

    /** Starts {@code name}: the reads from now on must all be done within {@code limit}. */
    void begin(String name, Duration limit) {
        phase = name;
        deadline = nanoTime.getAsLong() + limit.toNanos();
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        long leftMillis = (deadline - nanoTime.getAsLong()) / 1_000_000;
        if (leftMillis <= 0) {
            throw new SocketTimeoutException(phase + " not done within its deadline");
        }
        socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, leftMillis));
        try {
            return in.read(b, off, len);
        } catch (SocketTimeoutException e) {
            throw new SocketTimeoutException(phase + " not done within its deadline");
        }
    }
}
