package io.loadlab.loadgen.http;

import io.loadlab.common.tls.Certificates;
import io.loadlab.common.tls.IssuedCertificate;
import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.testsupport.Nginx;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.loadlab.loadgen.http.HttpRunDriverTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HTTP/2 over TLS ({@code h2}, agreed by ALPN) against real nginx: one speaking h2 ({@code listen ... ssl http2;}),
 * one HTTP/1.1 only over TLS. Counts and what was agreed are checked against nginx's own access log, and curl cross-checks
 * that the server does speak HTTP/2.
 */
@SystemTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class H2sRunTest {

    private final HttpRunDriver driver = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler());
    private Nginx h2;
    private Nginx http11;
    private String ca;
    private TlsSpec trusted;

    @BeforeAll
    void startNginx() throws Exception {
        Instant from = Instant.now().minus(Duration.ofDays(1));
        Instant to = Instant.now().plus(Duration.ofDays(1));
        IssuedCertificate authority = Certificates.authority("loadlab test CA", from, to);
        ca = authority.certificatePem();
        trusted = new TlsSpec(ca, false, List.of(), List.of(), true);
        IssuedCertificate localhost = Certificates.leaf(authority, List.of("localhost", "127.0.0.1"), from, to);
        h2 = Nginx.tls(HttpRunDriverTest.BODY, List.of(localhost), true);
        http11 = Nginx.tls(HttpRunDriverTest.BODY, List.of(localhost), false);
        // the JVM's first handshakes and HTTP/2 classes load now, not in the first test's short run (not asserted)
        await(driver.start(spec(h2.tlsUri(0, "/hello"), 1, 1, 300, 0)), 30);
    }

    @AfterAll
    void stopNginx() throws Exception {
        for (Nginx n : new Nginx[] {h2, http11}) {
            if (n != null) {
                n.close();
            }
        }
    }

    private HttpRunSpec spec(URI target, int connections, int streams, long durationMs, long warmupMs) {
        return new HttpRunSpec(target, "GET", Map.of(), null, connections, 1, Duration.ofMillis(durationMs),
                Duration.ofMillis(warmupMs), 0, true, Duration.ofSeconds(2), HttpProtocol.H2, streams, trusted);
    }

    @Test
    void h2OverTlsCountsWhatNginxLoggedAndAgreesH2ByAlpn() throws Exception {
        int before = h2.tlsLog().size();
        RunOutcome outcome = await(driver.start(spec(h2.tlsUri(0, "/hello"), 2, 10, 700, 0)), 15);
        HttpReport r = (HttpReport) outcome.report();
        List<String> lines = h2.tlsLog().subList(before, h2.tlsLog().size());

        assertNull(outcome.failure(), () -> "failure " + outcome.failure());
        assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
        assertEquals(r.requests() + r.warmupRequests(), lines.size(), "nginx logged every request");
        assertTrue(lines.stream().allMatch(l -> l.split(" ")[4].equals("h2")), () -> "ALPN per nginx: " + lines.get(0));
        assertEquals("h2", r.tls().protocol());
        assertEquals(2, r.tls().handshakes(), "one handshake per connection, not per stream");
        assertEquals(2, r.connectionsOpened());
        assertEquals(new H2Report(10, 128, 10, 0, Map.of()), r.h2());
    }

    /** A TLS server that offers only http/1.1 by ALPN: never a silent fall back, a TLS error naming why. */
    @Test
    void aServerThatRefusesH2ByAlpnIsATlsErrorNotAFallback() throws Exception {
        RunOutcome outcome = await(driver.start(spec(http11.tlsUri(0, "/hello"), 2, 4, 500, 0)), 15);
        HttpReport r = (HttpReport) outcome.report();

        assertNotNull(outcome.failure());
        assertTrue(outcome.failure().contains("server refused h2"), () -> "failure " + outcome.failure());
        assertEquals(0, r.requests());
        assertTrue(r.errors().tls() > 0, () -> "errors " + r.errors());
        assertEquals(r.errors().tls(), r.errors().total(), () -> "only TLS errors: " + r.errors());
        // nginx (OpenSSL) refuses the handshake with a no_application_protocol alert; a server that completes it
        // without h2 is refused by the loadgen after it (ClientTls.alpnRefusal): errors.tls either way
        TlsFailures.assertOnly(TlsFailureReason.NO_ALPN, r);
        assertEquals(2, r.connectionsNeverOpened());
    }

    /** curl, a peer, agrees the same server speaks HTTP/2 over TLS with the same CA: a check of the setup. */
    @Test
    void curlNegotiatesHttp2WithTheSameServer() throws Exception {
        Path caFile = Files.createTempFile("loadlab-ca", ".pem");
        try {
            Files.writeString(caFile, ca, StandardCharsets.UTF_8);
            Process p = new ProcessBuilder("curl", "-s", "--http2", "--cacert", caFile.toString(), "-o", "/dev/null",
                    "-w", "%{http_version} %{http_code}", "--max-time", "10", h2.tlsUri(0, "/hello").toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readNBytes(4096), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(15, TimeUnit.SECONDS), "curl ended");
            assertEquals("2 200", out.trim());
        } finally {
            Files.deleteIfExists(caFile);
        }
    }
}
