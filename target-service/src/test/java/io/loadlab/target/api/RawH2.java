package io.loadlab.target.api;

import io.loadlab.testsupport.TrustingTls;

import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A hostile HTTP/2 client written frame by frame, for what real clients will not do: open streams whose bodies never
 * end, keep the connection alive with PINGs only, abort an upload with RST_STREAM. Over TLS (h2 by ALPN, any
 * certificate: the peer is the test's own target on loopback) or h2c by prior knowledge. A reader thread answers the
 * server's SETTINGS, tracks the connection's send window and counts what the server sent back.
 */
final class RawH2 implements AutoCloseable {

    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
    static final int DATA = 0;
    static final int HEADERS = 1;
    static final int RST_STREAM = 3;
    static final int SETTINGS = 4;
    static final int PING = 6;
    static final int GOAWAY = 7;
    static final int WINDOW_UPDATE = 8;
    private static final int MAX_FRAME = 16_384;

    private final Socket socket;
    private final OutputStream out;
    private final String authority;
    private final boolean tls;
    private final Thread reader;
    private final Object window = new Object();
    /** Bytes of DATA the server's connection window still takes. */
    private long connectionWindow = 65_535;
    private volatile boolean closedByServer;
    private final AtomicInteger headersReceived = new AtomicInteger();
    /** Each answered stream's {@code :status}, decoded by Netty's HPACK decoder (its dynamic table is the connection's). */
    private final java.util.Map<Integer, Integer> answeredStreams = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile String undecoded = "";
    private final io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder hpack =
            new io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder(false);
    private final AtomicInteger resetsReceived = new AtomicInteger();
    private final AtomicInteger goaways = new AtomicInteger();
    private final AtomicInteger pingAcks = new AtomicInteger();

    private RawH2(Socket socket, String authority, boolean tls) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.authority = authority;
        this.tls = tls;
        out.write(PREFACE);
        frame(SETTINGS, 0, 0, new byte[0]);
        out.flush();
        this.reader = new Thread(this::read, "raw-h2-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** h2 by ALPN on a TLS port of this machine. */
    static RawH2 tls(int port) throws Exception {
        SSLSocket socket = (SSLSocket) TrustingTls.context().getSocketFactory().createSocket(InetAddress.getLoopbackAddress(), port);
        SSLParameters parameters = socket.getSSLParameters();
        parameters.setApplicationProtocols(new String[]{"h2"});
        socket.setSSLParameters(parameters);
        socket.setSoTimeout(0);
        socket.startHandshake();
        if (!"h2".equals(socket.getApplicationProtocol())) {
            socket.close();
            throw new IOException("the server did not choose h2 by ALPN: " + socket.getApplicationProtocol());
        }
        return new RawH2(socket, "127.0.0.1:" + port, true);
    }

    /** h2c by prior knowledge on a plain port of this machine. */
    static RawH2 plain(int port) throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        return new RawH2(socket, "127.0.0.1:" + port, false);
    }

    /** Opens a POST to {@code path} declaring {@code contentLength} (none when negative); END_STREAM only if {@code end}. */
    void post(int stream, String path, long contentLength, boolean end) throws IOException {
        HeaderBlock block = new HeaderBlock().indexed(3).indexed(tls ? 7 : 6).literal(4, path).literal(1, authority)
                .literal(31, "application/json");
        if (contentLength >= 0) {
            block.literal(28, Long.toString(contentLength));
        }
        synchronized (this) {
            frame(HEADERS, 0x4 | (end ? 0x1 : 0), stream, block.bytes());
            out.flush();
        }
    }

    /** Sends {@code bytes} of body on {@code stream} in frames the server's connection window takes; END_STREAM if {@code end}. */
    void data(int stream, byte[] bytes, boolean end) throws IOException, InterruptedException {
        int sent = 0;
        do {
            int n = Math.min(MAX_FRAME, bytes.length - sent);
            takeWindow(n);
            byte[] chunk = java.util.Arrays.copyOfRange(bytes, sent, sent + n);
            sent += n;
            synchronized (this) {
                frame(DATA, end && sent == bytes.length ? 0x1 : 0, stream, chunk);
                out.flush();
            }
        } while (sent < bytes.length);
    }

    void ping() throws IOException {
        synchronized (this) {
            frame(PING, 0, 0, new byte[8]);
            out.flush();
        }
    }

    /** RST_STREAM(CANCEL), as a client aborting an upload sends it. */
    void cancel(int stream) throws IOException {
        synchronized (this) {
            frame(RST_STREAM, 0, stream, new byte[]{0, 0, 0, 8});
            out.flush();
        }
    }

    /** True once the server sent GOAWAY or closed the connection. */
    boolean closedByServer() {
        return closedByServer;
    }

    int headersReceived() {
        return headersReceived.get();
    }

    /** Whether the server sent a HEADERS frame (an answer's head) on {@code stream}. */
    boolean answered(int stream) {
        return answeredStreams.containsKey(stream);
    }

    /** Whether {@code stream}'s answer is a 200. */
    boolean answeredOk(int stream) {
        return answeredStreams.getOrDefault(stream, -1) == 200;
    }

    /** A HEADERS payload without its padding (flag 0x8) and priority fields (flag 0x20: Vert.x sends them). */
    private static byte[] fragment(int flags, byte[] payload) {
        int from = 0;
        int to = payload.length;
        if ((flags & 0x8) != 0) {
            to -= payload[0] & 0xff;
            from = 1;
        }
        if ((flags & 0x20) != 0) {
            from += 5;
        }
        return java.util.Arrays.copyOfRange(payload, from, to);
    }

    /** The {@code :status} of a header block (whole: the server sends no CONTINUATION for answers this small); -1 if none. */
    private int status(int stream, byte[] block) {
        try {
            CharSequence status = hpack.decodeHeaders(stream, io.netty.buffer.Unpooled.wrappedBuffer(block)).status();
            return status == null ? -1 : Integer.parseInt(status.toString());
        } catch (io.netty.handler.codec.http2.Http2Exception | RuntimeException e) {
            undecoded = e + " " + java.util.HexFormat.of().formatHex(block);
            return -1;
        }
    }

    /** What the server sent back, for a failure's message: statuses by stream, resets, GOAWAYs. */
    String received() {
        return "answers " + new java.util.TreeMap<>(answeredStreams) + ", resets " + resetsReceived + ", goaways " + goaways + " " + undecoded;
    }

    int resetsReceived() {
        return resetsReceived.get();
    }

    int goaways() {
        return goaways.get();
    }

    int pingAcks() {
        return pingAcks.get();
    }

    /** Waits until the server closed the connection or sent GOAWAY; false if it had not within {@code millis}. */
    boolean awaitClosedByServer(long millis) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (!closedByServer && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        return closedByServer;
    }

    private void takeWindow(int n) throws IOException, InterruptedException {
        synchronized (window) {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (connectionWindow < n) {
                if (closedByServer) {
                    throw new EOFException("the server closed the connection");
                }
                long left = end - System.nanoTime();
                if (left <= 0) {
                    throw new IOException("the server's connection window stayed shut for 30 s");
                }
                window.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
            connectionWindow -= n;
        }
    }

    private void frame(int type, int flags, int stream, byte[] payload) throws IOException {
        byte[] head = {(byte) (payload.length >>> 16), (byte) (payload.length >>> 8), (byte) payload.length, (byte) type,
                (byte) flags, (byte) (stream >>> 24), (byte) (stream >>> 16), (byte) (stream >>> 8), (byte) stream};
        out.write(head);
        out.write(payload);
    }

    private void read() {
        try {
            DataInputStream in = new DataInputStream(socket.getInputStream());
            byte[] head = new byte[9];
            while (true) {
                in.readFully(head);
                int length = (head[0] & 0xff) << 16 | (head[1] & 0xff) << 8 | (head[2] & 0xff);
                int type = head[3];
                int flags = head[4];
                byte[] payload = new byte[length];
                in.readFully(payload);
                switch (type) {
                    case SETTINGS -> {
                        if ((flags & 0x1) == 0) {
                            synchronized (this) {
                                frame(SETTINGS, 0x1, 0, new byte[0]);
                                out.flush();
                            }
                        }
                    }
                    case WINDOW_UPDATE -> {
                        int stream = (head[5] & 0x7f) << 24 | (head[6] & 0xff) << 16 | (head[7] & 0xff) << 8 | (head[8] & 0xff);
                        if (stream == 0) {
                            long increment = ((payload[0] & 0x7fL) << 24) | ((payload[1] & 0xffL) << 16)
                                    | ((payload[2] & 0xffL) << 8) | (payload[3] & 0xffL);
                            synchronized (window) {
                                connectionWindow += increment;
                                window.notifyAll();
                            }
                        }
                    }
                    case HEADERS -> {
                        headersReceived.incrementAndGet();
                        int stream = (head[5] & 0x7f) << 24 | (head[6] & 0xff) << 16 | (head[7] & 0xff) << 8 | (head[8] & 0xff);
                        answeredStreams.put(stream, status(stream, fragment(flags, payload)));
                    }
                    case RST_STREAM -> resetsReceived.incrementAndGet();
                    case PING -> pingAcks.incrementAndGet();
                    case GOAWAY -> {
                        goaways.incrementAndGet();
                        serverClosed();
                    }
                    default -> {
                    }
                }
            }
        } catch (IOException e) {
            serverClosed();
        }
    }

    private void serverClosed() {
        closedByServer = true;
        synchronized (window) {
            window.notifyAll();
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** An HPACK header block of indexed fields and literals without indexing, names from the static table. */
    private static final class HeaderBlock {
        private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();

        HeaderBlock indexed(int index) {
            bytes.write(0x80 | index);
            return this;
        }

        /** Literal without indexing, its name the static table's {@code nameIndex} (4-bit prefix), the value raw. */
        HeaderBlock literal(int nameIndex, String value) {
            if (nameIndex < 15) {
                bytes.write(nameIndex);
            } else {
                bytes.write(0x0f);
                bytes.write(nameIndex - 15);
            }
            byte[] v = value.getBytes(StandardCharsets.ISO_8859_1);
            if (v.length >= 127) {
                throw new IllegalArgumentException("values under 127 bytes only: " + value);
            }
            bytes.write(v.length);
            bytes.writeBytes(v);
            return this;
        }

        byte[] bytes() {
            return bytes.toByteArray();
        }
    }
}
