package io.loadlab.target.api;

import io.loadlab.common.tls.Certificates;
import io.loadlab.common.tls.IssuedCertificate;
import io.loadlab.testsupport.SystemTest;
import io.loadlab.testsupport.TargetService;
import io.loadlab.testsupport.TempDirs;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Instant;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Clients that ask for many distinct large answers and never read them (issue 42, case 4). The packaged target with 64
 * MiB of direct memory and two event loops; two raw connections, one per loop, each pipeline 256 POSTs for distinct
 * numbers between 9,000 and 9,555 (about 0.8 MB each, 400 MB in all) and read nothing. Before the fix every miss took
 * direct memory on the event loop until the JDK's reservation forced a full GC and slept before failing: 8 of 8 probes
 * of the plain port timed out and full GCs rose by hundreds. Now the answers' direct memory comes from a budget the
 * target counts, and a connection whose answers are not read is not read either.
 */
@SystemTest
class UnreadAnswersIT {

    private static final int ATTACKERS = 2;
    private static final int REQUESTS_EACH = 256;
    private static final int PROBES = 8;
    private static final int PROBE_TIMEOUT_MS = 10_000;
    /** 64 MiB of direct memory, two event loops: the attackers' two connections are one on each. */
    private static final List<String> ATTACKED = List.of("-Xmx256m", "-XX:MaxDirectMemorySize=64m",
            "-Dquarkus.vertx.event-loops-pool-size=2", "-Dquarkus.http.io-threads=2");
    private static final long MIB = 1024 * 1024;
    /** One item as the answer encodes it, its separating comma included. */
    private static final int ITEM_BYTES = ",{\"name\":\"nginx\",\"author\":\"Igor Sysoev\",\"version\":\"1.18\",\"desp\":\"高性能代理工具\"}"
            .getBytes(StandardCharsets.UTF_8).length;
    private static final long CACHE_BUDGET = 16 * MIB; // a quarter of -XX:MaxDirectMemorySize=64m
    private static final Pattern MAJOR_GC = Pattern.compile(
            "^jvm_gc_pause_seconds_count\\{[^}]*action=\"end of major GC\"[^}]*} (\\S+)$", Pattern.MULTILINE);
    private static final Pattern ANSWER_DIRECT = Pattern.compile(
            "^target_answers_direct_bytes\\{[^}]*} (\\S+)$", Pattern.MULTILINE);

    @Test
    void unreadLargeAnswersNeitherFreezeTheEventLoopsNorForceFullCollections() throws Exception {
        try (TargetService target = TargetService.startWith(ATTACKED)) {
            assertAttackHarmless(target, null);
        }
    }

    /** The same clients over TLS (HTTP/1.1, no ALPN), where Vert.x's router answers every request. */
    @Test
    void unreadLargeAnswersOverTlsNeitherFreezeTheEventLoopsNorForceFullCollections() throws Exception {
        Path dir = Files.createTempDirectory("target-tls");
        try {
            IssuedCertificate served = certificate(dir);
            List<String> options = new ArrayList<>(ATTACKED);
            options.add("-Dtarget.https.cert-file=" + dir.resolve("tls.crt"));
            options.add("-Dtarget.https.key-file=" + dir.resolve("tls.key"));
            try (TargetService target = TargetService.startWith(options)) {
                assertAttackHarmless(target, trusting(served));
            }
        } finally {
            TempDirs.remove(dir);
        }
    }

    /** Attacks {@code target}'s plain port, or its TLS port when {@code tls} is given, and probes its plain port. */
    private static void assertAttackHarmless(TargetService target, SSLContext tls) throws Exception {
        int port = target.testApi().getPort();
        assertEquals(200, probe(port), "the probe is answered before the attack");
        long directBefore = target.directBufferBytes();
        long fullGcsBefore = fullGcs(target);

        List<Socket> attackers = new ArrayList<>();
        int answered = 0;
        int timedOut = 0;
        int metricsRead = 0;
        long fullGcsDuring;
        try {
            for (int a = 0; a < ATTACKERS; a++) {
                attackers.add(tls == null ? attack(new Socket(), port, 9000 + a * 300)
                        : attack(tls.getSocketFactory().createSocket(), target.httpsPort(), 9000 + a * 300));
            }
            for (int i = 0; i < PROBES; i++) {
                Thread.sleep(500);
                int status = probe(port);
                answered += status == 200 ? 1 : 0;
                timedOut += status == -1 ? 1 : 0;
                metricsRead += metrics(target) != null ? 1 : 0;
            }
            String text = metrics(target);
            fullGcsDuring = text == null ? -1 : sum(MAJOR_GC, text);
        } finally {
            for (Socket s : attackers) {
                s.close();
            }
        }
        String figures = "probes answered " + answered + " of " + PROBES + ", timed out " + timedOut
                + "; /q/metrics read " + metricsRead + " of " + PROBES + "; full GCs " + fullGcsBefore + " -> " + fullGcsDuring;
        System.out.println(figures);
        assertEquals(PROBES, answered, figures);
        assertEquals(PROBES, metricsRead, figures);
        assertTrue(fullGcsDuring >= 0 && fullGcsDuring - fullGcsBefore <= 2, figures);

        // The attackers gone, what their answers held is released: once collected (a GC asked for here, as the
        // target itself never does), the answers' direct bytes are at most what the cache keeps.
        gc(target.pid());
        long answerDirect = Long.MAX_VALUE;
        long direct = Long.MAX_VALUE;
        for (int i = 0; i < 60 && (answerDirect > CACHE_BUDGET || direct > directBefore + CACHE_BUDGET); i++) {
            Thread.sleep(500);
            String text = metrics(target);
            if (text != null) {
                answerDirect = sum(ANSWER_DIRECT, text);
                direct = target.directBufferBytes();
            }
        }
        String released = "answers' direct bytes " + answerDirect + ", JDK direct " + directBefore + " -> " + direct;
        System.out.println(released);
        assertTrue(answerDirect <= CACHE_BUDGET, released);
        assertTrue(direct <= directBefore + CACHE_BUDGET, released);
        assertEquals(200, probe(port), "the probe is answered after the attack");
    }

    /**
     * What waited while the client did not read is all answered, in order, once it reads: 64 pipelined requests for
     * distinct large numbers, every fourth a GET that Vert.x answers, read only after a second.
     */
    @Test
    void answersHeldBackAreAllSentInOrderOnceRead() throws Exception {
        try (TargetService target = TargetService.startWith(List.of("-Xmx256m", "-XX:MaxDirectMemorySize=64m"))) {
            assertAllAnsweredInOrder(new Socket(), target.testApi().getPort());
        }
    }

    /** The same over TLS, where Vert.x's router answers each request once the connection drains ({@link WhenWritable}). */
    @Test
    void answersHeldBackOverTlsAreAllSentInOrderOnceRead() throws Exception {
        Path dir = Files.createTempDirectory("target-tls");
        try {
            IssuedCertificate served = certificate(dir);
            try (TargetService target = TargetService.startWith(List.of("-Xmx256m", "-XX:MaxDirectMemorySize=64m",
                    "-Dtarget.https.cert-file=" + dir.resolve("tls.crt"), "-Dtarget.https.key-file=" + dir.resolve("tls.key")))) {
                assertAllAnsweredInOrder(trusting(served).getSocketFactory().createSocket(), target.httpsPort());
            }
        } finally {
            TempDirs.remove(dir);
        }
    }

    private static void assertAllAnsweredInOrder(Socket socket, int port) throws Exception {
        try (Socket s = socket) {
            s.setReceiveBufferSize(4096);
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
            s.setSoTimeout(PROBE_TIMEOUT_MS);
            StringBuilder requests = new StringBuilder();
            int count = 64;
            for (int k = 0; k < count; k++) {
                int n = 5000 + k * 37;
                if (k % 4 == 3) {
                    requests.append("GET /test/testApi?number=").append(n).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
                } else {
                    String body = "{\"number\":" + n + "}";
                    requests.append("POST /test/testApi HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n")
                            .append("Content-Length: ").append(body.length()).append("\r\n\r\n").append(body);
                }
            }
            s.getOutputStream().write(requests.toString().getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            Thread.sleep(1000);
            InputStream in = s.getInputStream();
            int envelope = "{\"code\":200,\"msg\":\"ok\",\"body\":[]}".length();
            for (int k = 0; k < count; k++) {
                int n = 5000 + k * 37;
                String answer = new String(RawHttp.response(in), StandardCharsets.UTF_8);
                String body = answer.substring(answer.indexOf("\r\n\r\n") + 4);
                assertTrue(answer.startsWith("HTTP/1.1 200"), "answer " + k);
                assertEquals(envelope + (long) n * ITEM_BYTES - 1, body.getBytes(StandardCharsets.UTF_8).length, "answer " + k + " for " + n);
            }
        }
    }

    /** A connection that pipelines {@value #REQUESTS_EACH} POSTs for distinct numbers from {@code first} and never reads. */
    private static Socket attack(Socket s, int port, int first) throws IOException {
        s.setReceiveBufferSize(4096);
        s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
        if (s instanceof SSLSocket tls) {
            tls.startHandshake();
        }
        StringBuilder requests = new StringBuilder();
        for (int k = 0; k < REQUESTS_EACH; k++) {
            String body = "{\"number\":" + (first + k) + "}";
            requests.append("POST /test/testApi HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n")
                    .append("Content-Length: ").append(body.length()).append("\r\n\r\n").append(body);
        }
        OutputStream out = s.getOutputStream();
        out.write(requests.toString().getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return s;
    }

    /** A self-signed certificate for the target, its PEM files written to {@code dir}. */
    private static IssuedCertificate certificate(Path dir) throws IOException {
        Instant now = Instant.now();
        IssuedCertificate served = Certificates.selfSigned(List.of("localhost", "127.0.0.1"), now.minusSeconds(60),
                now.plusSeconds(3600));
        Files.writeString(dir.resolve("tls.crt"), served.certificatePem());
        Files.writeString(dir.resolve("tls.key"), served.keyPem());
        return served;
    }

    /** A TLS client that trusts {@code served} alone. */
    private static SSLContext trusting(IssuedCertificate served) throws Exception {
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        trusted.load(null, null);
        trusted.setCertificateEntry("target", served.certificate());
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }

    /** A small cached answer on a fresh connection: its status, or -1 when none came within the deadline. */
    private static int probe(int port) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), PROBE_TIMEOUT_MS);
            s.setSoTimeout(PROBE_TIMEOUT_MS);
            String body = "{\"number\":1}";
            s.getOutputStream().write(("POST /test/testApi HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + body.length() + "\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            String head = new String(RawHttp.response(in), StandardCharsets.ISO_8859_1);
            return Integer.parseInt(head.substring(9, 12));
        } catch (java.net.SocketTimeoutException e) {
            return -1;
        }
    }

    /** /q/metrics, or null when it is not read within the probe's deadline. */
    private static String metrics(TargetService target) throws InterruptedException {
        try {
            java.net.http.HttpClient http = java.net.http.HttpClient.newBuilder()
                    .connectTimeout(Duration.ofMillis(PROBE_TIMEOUT_MS)).build();
            java.net.http.HttpRequest request = java.net.http.HttpRequest.newBuilder(URI.create(target.base() + "/q/metrics"))
                    .timeout(Duration.ofMillis(PROBE_TIMEOUT_MS)).build();
            java.net.http.HttpResponse<String> response = http.send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? response.body() : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static long fullGcs(TargetService target) throws InterruptedException {
        String text = metrics(target);
        if (text == null) {
            throw new AssertionError("/q/metrics not read before the attack");
        }
        return sum(MAJOR_GC, text);
    }

    private static long sum(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        long total = 0;
        while (m.find()) {
            total += (long) Double.parseDouble(m.group(1));
        }
        return total;
    }

    /** A full collection in the target, by the JDK's jcmd. */
    private static void gc(long pid) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.run").redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "jcmd GC.run did not end within 30 s");
        assertEquals(0, p.exitValue(), "jcmd GC.run failed");
    }
}
