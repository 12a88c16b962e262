package io.loadlab.loadgen.http;

import io.loadlab.common.tls.Certificates;
import io.loadlab.common.tls.IssuedCertificate;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A hostile HTTPS server on loopback (the JDK's TLS, a self-signed certificate for {@code localhost}): of the TCP
 * connections it accepts, every other one (the 2nd, 4th, ...) is held open and never read, so its ClientHello is never
 * answered; the others complete their handshake and get one HTTP/1.1 answer ({@code Connection: close}). Counts what
 * it did. Bounded: at most {@link #MAX_CONNECTIONS} connections accepted, four threads answering.
 */
final class StallingTlsServer implements AutoCloseable {

    static final int MAX_CONNECTIONS = 2_000;
    private static final byte[] ANSWER = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
            .getBytes(StandardCharsets.US_ASCII);

    private final IssuedCertificate certificate;
    private final SSLContext tls;
    private final ServerSocket socket = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
    private final List<Socket> held = new CopyOnWriteArrayList<>();
    private final ExecutorService answering = Executors.newFixedThreadPool(4);
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong answered = new AtomicLong();
    private final Thread acceptor;

    StallingTlsServer() throws IOException, GeneralSecurityException {
        Instant now = Instant.now();
        certificate = Certificates.selfSigned(List.of("localhost", "127.0.0.1"), now.minus(Duration.ofDays(1)),
                now.plus(Duration.ofDays(1)));
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        char[] password = "test".toCharArray();
        keys.setKeyEntry("server", certificate.key(), password, new Certificate[] {certificate.certificate()});
        KeyManagerFactory km = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        km.init(keys, password);
        tls = SSLContext.getInstance("TLS");
        tls.init(km.getKeyManagers(), null, null);
        acceptor = new Thread(this::accept, "stalling-tls-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void accept() {
        while (!socket.isClosed() && accepted.get() < MAX_CONNECTIONS) {
            try {
                Socket s = socket.accept();
                if (accepted.incrementAndGet() % 2 == 0) {
                    held.add(s); // its ClientHello stays unread: the handshake stalls
                } else {
                    answering.execute(() -> answer(s));
                }
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void answer(Socket s) {
        try (SSLSocket ssl = (SSLSocket) tls.getSocketFactory().createSocket(s, "localhost", s.getPort(), true)) {
            ssl.setUseClientMode(false);
            ssl.setSoTimeout(10_000);
            ssl.startHandshake();
            InputStream in = ssl.getInputStream();
            int matched = 0;
            while (matched < 4) { // up to the blank line ending the request's head
                int b = in.read();
                if (b < 0) {
                    return;
                }
                matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
            }
            ssl.getOutputStream().write(ANSWER);
            ssl.getOutputStream().flush();
            answered.incrementAndGet();
        } catch (IOException clientWentAway) {
            // the run's end closes what it still holds
        }
    }

    int port() {
        return socket.getLocalPort();
    }

    /** The certificate, PEM: what a client trusts. */
    String ca() {
        return certificate.certificatePem();
    }

    long accepted() {
        return accepted.get();
    }

    /** Connections whose handshake this server let stall. */
    long stalled() {
        return held.size();
    }

    long answered() {
        return answered.get();
    }

    @Override
    public void close() throws Exception {
        socket.close();
        for (Socket s : held) {
            s.close();
        }
        answering.shutdownNow();
        answering.awaitTermination(5, TimeUnit.SECONDS);
        acceptor.join(5_000);
    }
}
