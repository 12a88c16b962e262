package io.loadlab.loadgen.http;

import io.loadlab.common.tls.Certificates;
import io.loadlab.common.tls.IssuedCertificate;
import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.testsupport.FreePorts;
import io.loadlab.testsupport.LocalProcess;
import io.loadlab.testsupport.Nginx;
import io.loadlab.testsupport.SystemTest;
import io.loadlab.testsupport.TempDirs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.loadlab.loadgen.http.HttpRunDriverTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Servers that require a client certificate, on TLS 1.2 and 1.3. OpenSSL's own {@code s_server -Verify} refuses a
 * client without one as the issue saw it: {@code handshake_failure} on TLS 1.2 (the alert of no cipher in common too),
 * {@code certificate_required} on TLS 1.3 after the client's Finished, when the client took the handshake for done.
 * nginx with {@code ssl_verify_client on} takes the spec's certificate, and its access log ({@code $ssl_client_verify})
 * says it verified each request's. Certificates: the server's from {@link Certificates}; the client's, which needs
 * the clientAuth purpose, from the openssl tool, in a temporary directory removed afterwards.
 */
@SystemTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClientCertificateRunTest {

    private final HttpRunDriver driver = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler());
    private final List<LocalProcess> servers = new ArrayList<>();
    private Path dir;
    private Nginx nginx;
    private Nginx nginxH2;
    private String ca;
    private String clientCertificate;
    private String clientKey;
    private String strangerCertificate;
    private String strangerKey;
    private URI tls12;
    private URI tls13;
    private URI tls12h2;
    private URI tls13h2;

    @BeforeAll
    void start() throws Exception {
        dir = Files.createTempDirectory("loadlab-client-cert");
        Instant now = Instant.now();
        IssuedCertificate authority = Certificates.authority("loadlab test CA", now.minus(Duration.ofDays(1)),
                now.plus(Duration.ofDays(1)));
        ca = authority.certificatePem();
        IssuedCertificate server = Certificates.leaf(authority, List.of("localhost", "127.0.0.1"),
                now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(1)));
        Files.writeString(dir.resolve("server.pem"), server.certificatePem());
        Files.writeString(dir.resolve("server.key"), server.keyPem());
        Files.writeString(dir.resolve("client.ext"), "extendedKeyUsage=clientAuth\nkeyUsage=digitalSignature\n");
        openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "clientca.key",
                "-out", "clientca.pem", "-days", "2", "-subj", "/CN=loadlab client CA");
        openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "client.key",
                "-out", "client.csr", "-subj", "/CN=loadlab client");
        openssl("x509", "-req", "-in", "client.csr", "-CA", "clientca.pem", "-CAkey", "clientca.key", "-CAcreateserial",
                "-out", "client.pem", "-days", "2", "-extfile", "client.ext");
        // one the servers do not trust: self-signed, with the clientAuth purpose
        openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "stranger.key",
                "-out", "stranger.pem", "-days", "2", "-subj", "/CN=stranger", "-addext", "extendedKeyUsage=clientAuth");
        clientCertificate = Files.readString(dir.resolve("client.pem"));
        clientKey = Files.readString(dir.resolve("client.key"));
        strangerCertificate = Files.readString(dir.resolve("stranger.pem"));
        strangerKey = Files.readString(dir.resolve("stranger.key"));
        nginx = Nginx.tls(HttpRunDriverTest.BODY, List.of(server), false, "ssl_verify_client on; ssl_client_certificate "
                + dir.resolve("clientca.pem") + ";");
        nginxH2 = Nginx.tls(HttpRunDriverTest.BODY, List.of(server), true, "ssl_verify_client on; ssl_client_certificate "
                + dir.resolve("clientca.pem") + ";");
        tls12 = sServer("-tls1_2", false);
        tls13 = sServer("-tls1_3", false);
        tls12h2 = sServer("-tls1_2", true);
        tls13h2 = sServer("-tls1_3", true);
        // the JVM's first handshakes load the JDK's TLS stack (seconds on a busy machine): a warm-up, not asserted
        await(driver.start(spec(nginx.tlsUri(0, "/hello"), 1, 500, 200, true, withCertificate("TLSv1.3", TlsSpec.JDK))), 30);
    }

    @AfterAll
    void stop() throws Exception {
        servers.forEach(LocalProcess::close);
        if (nginx != null) {
            nginx.close();
        }
        if (nginxH2 != null) {
            nginxH2.close();
        }
        TempDirs.remove(dir);
    }

    /** Without a certificate: every handshake fails, named, counted as tls alone; no request was read or written wrong. */
    @ParameterizedTest
    @CsvSource({"TLSv1.2, jdk", "TLSv1.3, jdk", "TLSv1.2, openssl", "TLSv1.3, openssl"})
    void withoutACertificateTheRunFailsNamingIt(String version, String provider) throws Exception {
        HttpReport r = run(spec(uri(version), 1, 500, 200, true,
                new TlsSpec(ca, false, List.of(version), List.of(), true, provider)), TlsFailureReason.CERTIFICATE_ASKED);

        assertTrue(r.errors().tls() > 0, () -> "errors " + r.errors());
        assertEquals(0, r.errors().readWrite(), () -> "not read/write: " + r.errors());
        assertEquals(r.errors().tls(), r.errors().total(), () -> "counted once, as tls: " + r.errors());
        TlsFailures.assertOnly(TlsFailureReason.CERTIFICATE_ASKED, r); // and the end's unfinished ones
        assertEquals(0, r.tls().handshakes(), "no handshake the server refused counts as done");
        assertEquals(0, r.requests());
        assertEquals(1, r.connectionsNeverOpened());
    }

    /** A certificate the server does not trust: refused, and said so, not "no version or cipher in common". */
    @ParameterizedTest
    @CsvSource({"TLSv1.2, jdk", "TLSv1.3, jdk", "TLSv1.2, openssl", "TLSv1.3, openssl"})
    void aCertificateTheServerDoesNotTrustIsRefusedNamingIt(String version, String provider) throws Exception {
        TlsSpec stranger = new TlsSpec(ca, false, List.of(version), List.of(), true, provider, strangerCertificate,
                strangerKey);
        HttpReport r = run(spec(uri(version), 1, 500, 200, true, stranger), TlsFailureReason.CERTIFICATE_REFUSED);

        assertEquals(0, r.errors().readWrite(), () -> "not read/write: " + r.errors());
        TlsFailures.assertOnly(TlsFailureReason.CERTIFICATE_REFUSED, r); // and the end's unfinished ones
        assertEquals(0, r.tls().handshakes());
    }

    /**
     * With tls.certificate and tls.key, nginx verifies the certificate on every connection and answers every request:
     * as many as the loadgen counts, on either version, either provider, keep-alive or a connection per request.
     */
    @ParameterizedTest
    @CsvSource({"TLSv1.2, jdk, true", "TLSv1.3, jdk, true", "TLSv1.2, jdk, false", "TLSv1.3, jdk, false",
        "TLSv1.2, openssl, true", "TLSv1.3, openssl, false"})
    void withACertificateNginxVerifiesItAndAnswersEveryRequest(String version, String provider, boolean keepAlive)
            throws Exception {
        int before = nginx.tlsLog().size();
        HttpReport r = run(spec(nginx.tlsUri(0, "/hello"), 2, 500, 0, keepAlive, withCertificate(version, provider)), null);

        List<String[]> lines = nginx.tlsLog().subList(before, nginx.tlsLog().size()).stream().map(l -> l.split(" ")).toList();
        assertTrue(r.requests() > 0);
        assertEquals(r.requests() + r.warmupRequests(), lines.size(), "nginx logged every request, warm-up included");
        assertTrue(lines.stream().allMatch(l -> l[5].equals("200")), "nginx answered 200 to all");
        assertTrue(lines.stream().allMatch(l -> l[6].equals("SUCCESS")), "nginx verified the certificate of all");
        assertTrue(lines.stream().allMatch(l -> l[2].equals(version)));
        assertEquals(version, r.tls().version());
        assertEquals(r.connectionsOpened(), r.tls().handshakes(), "every connection's handshake, once");
        assertEquals(keepAlive ? 2 : r.requests(), r.tls().handshakes());
        assertEquals(0, r.tls().failures());
    }

    /** h2 over TLS gives it too: every stream answered, as nginx counts them, the certificate verified. */
    @ParameterizedTest
    @CsvSource({"TLSv1.2, jdk", "TLSv1.3, jdk", "TLSv1.3, openssl"})
    void withACertificateH2NginxVerifiesItAndAnswersEveryRequest(String version, String provider) throws Exception {
        int before = nginxH2.tlsLog().size();
        HttpRunSpec h2 = new HttpRunSpec(nginxH2.tlsUri(0, "/hello"), "GET", Map.of(), null, 1, 1, Duration.ofMillis(500),
                Duration.ZERO, 0, true, Duration.ofMillis(2_000), HttpProtocol.H2, 2, withCertificate(version, provider));
        HttpReport r = run(h2, null);

        List<String[]> lines = nginxH2.tlsLog().subList(before, nginxH2.tlsLog().size()).stream().map(l -> l.split(" ")).toList();
        assertTrue(r.requests() > 0);
        assertEquals(r.requests(), lines.size(), "nginx logged every request");
        assertTrue(lines.stream().allMatch(l -> l[4].equals("h2") && l[5].equals("200") && l[6].equals("SUCCESS")));
        assertEquals(1, r.tls().handshakes());
    }

    /**
     * h2 without one: named as on HTTP/1.1, in errors.tls alone. On TLS 1.3 the refusal ends the session before the
     * server's SETTINGS (it was 24 handshakes and 24 connect errors, unnamed).
     */
    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.2", "TLSv1.3"})
    void withoutACertificateH2IsNamed(String version) throws Exception {
        HttpRunSpec h2 = new HttpRunSpec("TLSv1.2".equals(version) ? tls12h2 : tls13h2, "GET", Map.of(), null, 1, 1, Duration.ofMillis(500), Duration.ZERO, 0,
                true, Duration.ofMillis(2_000), HttpProtocol.H2, 2, new TlsSpec(ca, false, List.of(version), List.of(), true));
        HttpReport r = run(h2, TlsFailureReason.CERTIFICATE_ASKED);

        TlsFailures.assertOnly(TlsFailureReason.CERTIFICATE_ASKED, r); // and the end's unfinished ones
        assertEquals(r.errors().tls(), r.errors().total(), () -> "counted once, as tls: " + r.errors());
        assertEquals(0, r.tls().handshakes());
    }

    private TlsSpec withCertificate(String version, String provider) {
        return new TlsSpec(ca, false, List.of(version), List.of(), true, provider, clientCertificate, clientKey);
    }

    private URI uri(String version) {
        return "TLSv1.2".equals(version) ? tls12 : tls13;
    }

    /**
     * OpenSSL's test server, one version only, requiring a certificate of the client CA, answering with a page; with
     * {@code h2} it agrees to h2 by ALPN (so an h2 handshake completes to its refusal) though it speaks HTTP/1.0 only,
     * and refuses a client offering http/1.1 alone (no_application_protocol), so HTTP/1.1 runs have servers of their own.
     */
    private URI sServer(String version, boolean h2) throws Exception {
        int port = FreePorts.tcp();
        List<String> cmd = new ArrayList<>(List.of(openssl(), "s_server", "-accept",
                "127.0.0.1:" + port, "-cert", "server.pem", "-key", "server.key", "-CAfile", "clientca.pem",
                "-Verify", "1", "-verify_return_error", version, "-www"));
        if (h2) {
            cmd.addAll(List.of("-alpn", "h2"));
        }
        LocalProcess p = LocalProcess.start("openssl-s_server" + version + (h2 ? "-h2" : ""), cmd, dir);
        servers.add(p);
        p.awaitLog("ACCEPT", Duration.ofSeconds(20));
        return URI.create("https://localhost:" + port + "/");
    }

    private void openssl(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(openssl()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("openssl.out").toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "openssl " + args[0] + " did not finish");
        assertEquals(0, p.exitValue(), () -> "openssl " + String.join(" ", args) + ": " + read("openssl.out"));
    }

    private String read(String name) {
        try {
            return Files.readString(dir.resolve(name));
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }

    private static String openssl() {
        for (String candidate : new String[] {"/usr/bin/openssl", "/usr/local/bin/openssl"}) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        throw new AssertionError("the openssl tool is not installed (/usr/bin/openssl): this test needs it");
    }

    /** Runs {@code spec}; its failure must hold {@code failure}, or be null with no error when that is null. */
    private HttpReport run(HttpRunSpec spec, String failure) throws Exception {
        RunOutcome outcome = await(driver.start(spec), 20);
        HttpReport r = (HttpReport) outcome.report();
        if (failure == null) {
            assertNull(outcome.failure(), outcome.failure());
            assertEquals(0, r.errors().total(), () -> "errors " + r.errors() + " " + r.tls());
        } else {
            assertNotNull(outcome.failure(), () -> "the run completed: " + r.errors() + " " + r.tls());
            assertTrue(outcome.failure().contains(failure), outcome.failure());
        }
        assertNotNull(r.tls());
        return r;
    }

    private static HttpRunSpec spec(URI target, int connections, long durationMs, long warmupMs, boolean keepAlive,
                                    TlsSpec tls) {
        return new HttpRunSpec(target, "GET", Map.of(), null, connections, 1, Duration.ofMillis(durationMs),
                Duration.ofMillis(warmupMs), 0, keepAlive, Duration.ofMillis(2_000), HttpProtocol.HTTP_1_1, 1, tls);
    }
}
