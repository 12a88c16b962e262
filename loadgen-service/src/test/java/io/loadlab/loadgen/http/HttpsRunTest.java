package io.loadlab.loadgen.http;

import io.loadlab.common.tls.Certificates;
import io.loadlab.common.tls.IssuedCertificate;
import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.report.SeriesPoint;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.testsupport.Nginx;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.loadlab.loadgen.http.HttpRunDriverTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HTTP/1.1 over TLS against one real nginx holding four certificates, each on its own port: one issued by a test CA
 * for localhost (trusted through {@code tls.ca}), an expired one, a self-signed one and one for another host. Every
 * figure is checked against nginx's own access log: requests, resumed sessions, version, cipher and ALPN protocol.
 */
@SystemTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HttpsRunTest {

    private static final int GOOD = 0;
    private static final int EXPIRED = 1;
    private static final int SELF_SIGNED = 2;
    private static final int WRONG_HOST = 3;

    private final HttpRunDriver driver = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler());
    private Nginx nginx;
    private String ca;

    @BeforeAll
    void startNginx() throws Exception {
        Instant now = Instant.now();
        Instant from = now.minus(Duration.ofDays(1));
        Instant to = now.plus(Duration.ofDays(1));
        IssuedCertificate authority = Certificates.authority("loadlab test CA", from, to);
        ca = authority.certificatePem();
        List<String> localhost = List.of("localhost", "127.0.0.1");
        nginx = Nginx.tls(HttpRunDriverTest.BODY, List.of(
                Certificates.leaf(authority, localhost, from, to),
                Certificates.leaf(authority, localhost, now.minus(Duration.ofDays(30)), now.minus(Duration.ofDays(2))),
                Certificates.selfSigned(localhost, from, to),
                Certificates.leaf(authority, List.of("elsewhere.invalid"), from, to)), false);
        // the JVM's first TLS handshakes load and compile the JDK's TLS stack: seconds on a busy machine, which the
        // first test's requests would otherwise wait out (one timed out at 1 s). Not asserted: a warm-up
        await(driver.start(spec(GOOD, 1, 500, 0, 0, false, new TlsSpec(ca, false, List.of(), List.of(), true))), 30);
    }

    @AfterAll
    void stopNginx() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
    }

    /** The default (auto) runs BoringSSL on this JVM, as the report says; asked for, the JDK's runs and is named. */
    @ParameterizedTest
    @ValueSource(strings = {TlsSpec.AUTO, TlsSpec.JDK})
    void keepAliveHandshakesOncePerConnectionAndAgreesWhatNginxSays(String provider) throws Exception {
        int before = nginx.tlsLog().size();
        HttpReport r = run(spec(GOOD, 2, 1_000, 0, 0, true,
                new TlsSpec(ca, false, List.of(), List.of(), true, provider)), null);

        assertEquals(TlsSpec.AUTO.equals(provider) ? TlsSpec.OPENSSL : TlsSpec.JDK, r.tls().provider(),
                "the provider that ran");
        List<String[]> lines = lines(before, r);
        assertEquals(r.requests() + r.warmupRequests(), lines.size(), "nginx logged every request, warm-up included");
        assertEquals(2, r.tls().handshakes(), "one handshake per keep-alive connection");
        assertEquals(r.connectionsOpened(), r.tls().handshakes());
        assertEquals(2, r.tls().handshakeMicros().count());
        assertTrue(r.tls().handshakeMicros().p50() > 0);
        assertEquals(0, r.tls().failures());
        String[] first = lines.get(0);
        assertEquals(first[2], r.tls().version(), "version as nginx's $ssl_protocol");
        assertEquals(cipherAsNginxNamesIt(r.tls().cipher()), first[3], "cipher as nginx's $ssl_cipher");
        assertEquals("http/1.1", r.tls().protocol());
        assertEquals(first[4], r.tls().protocol(), "ALPN as nginx's $ssl_alpn_protocol");
        assertNull(r.h2());
    }

    @Test
    void withoutResumptionEveryRequestIsAFullHandshake() throws Exception {
        int before = nginx.tlsLog().size();
        // the open model at 20/s: exactly 20 measured requests, each on a new connection, however busy the machine
        HttpReport r = run(spec(GOOD, 1, 1_000, 200, 20, false, new TlsSpec(ca, false, List.of(), List.of(), false)), null);

        List<String[]> lines = lines(before, r);
        assertEquals(r.requests() + r.warmupRequests(), lines.size());
        assertEquals(20, r.requests());
        assertEquals(r.requests(), r.tls().handshakes(), "a handshake per request without keep-alive");
        assertEquals(r.tls().handshakes(), r.series().points().stream().mapToLong(SeriesPoint::handshakes).sum(),
                "the per-second series adds up to the report's handshakes");
        assertEquals(0, r.tls().resumed());
        assertEquals(0, lines.stream().filter(l -> l[1].equals("r")).count(), "nginx resumed no session");
    }

    /**
     * Each provider, BoringSSL (tls.provider openssl, the default's choice here) and the JDK's (a native image's),
     * counts alike: a handshake per request, resumed exactly as nginx's $ssl_session_reused says, none without
     * resumption.
     */
    @ParameterizedTest
    @CsvSource({"openssl, false", "openssl, true", "jdk, false", "jdk, true"})
    void eachProviderCountsHandshakesAndResumptionsAsNginxDoes(String provider, boolean resumption) throws Exception {
        assertTrue(ClientTls.openSslAvailable(), "netty-tcnative's BoringSSL does not load on this machine");
        int before = nginx.tlsLog().size();
        HttpReport r = run(spec(GOOD, 1, 1_000, 200, 20, false,
                new TlsSpec(ca, false, List.of(), List.of(), resumption, provider)), null);

        assertEquals(provider, r.tls().provider());
        List<String[]> lines = lines(before, r);
        assertEquals(r.requests() + r.warmupRequests(), lines.size());
        assertEquals(20, r.requests());
        assertEquals(r.requests(), r.tls().handshakes(), "a handshake per request without keep-alive");
        // one connection at 20/s: requests follow each other, so the warm-up's lines come first
        long reusedByNginx = lines.stream().skip(r.warmupRequests()).filter(l -> l[1].equals("r")).count();
        assertEquals(reusedByNginx, r.tls().resumed(), "as nginx's $ssl_session_reused");
        if (!resumption) {
            assertEquals(0, reusedByNginx, "nginx resumed no session");
        } else {
            assertTrue(r.tls().resumed() > 0, () -> "resumed " + r.tls().resumed());
        }
    }

    /** With resumption, nginx resumed exactly the sessions the loadgen says it resumed, over either version. */
    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.2", "TLSv1.3"})
    void withResumptionSessionsResumeAsNginxCountsThem(String version) throws Exception {
        int before = nginx.tlsLog().size();
        HttpReport r = run(spec(GOOD, 1, 1_000, 0, 20, false, new TlsSpec(ca, false, List.of(version), List.of(), true)), null);

        List<String[]> lines = lines(before, r);
        assertEquals(20, r.requests());
        assertEquals(r.requests(), lines.size());
        assertEquals(r.requests(), r.tls().handshakes());
        assertTrue(r.tls().resumed() > 0, () -> "resumed " + r.tls().resumed());
        assertEquals(lines.stream().filter(l -> l[1].equals("r")).count(), r.tls().resumed(), "as nginx's $ssl_session_reused");
        assertEquals(version, r.tls().version());
        assertTrue(lines.stream().allMatch(l -> l[2].equals(version)));
    }

    @Test
    void theOpenModelOverTlsMeasuresExactlyRateTimesDuration() throws Exception {
        int before = nginx.tlsLog().size();
        HttpReport r = run(spec(GOOD, 2, 1_000, 300, 200, true, new TlsSpec(ca, false, List.of(), List.of(), true)), null);

        assertEquals(200, r.requests(), "requests intended in the measured 1 s at 200/s");
        assertEquals(200, r.achievedRate(), 1e-9);
        assertEquals(r.requests() + r.warmupRequests(), lines(before, r).size());
    }

    /** Refusals read the same on either provider: the reasons are the trust manager's, which both call. */
    @ParameterizedTest
    @ValueSource(strings = {TlsSpec.OPENSSL, TlsSpec.JDK})
    void anExpiredCertificateIsRefused(String provider) throws Exception {
        refused(EXPIRED, TlsFailureReason.EXPIRED, provider);
    }

    @ParameterizedTest
    @ValueSource(strings = {TlsSpec.OPENSSL, TlsSpec.JDK})
    void aSelfSignedCertificateOutsideTheBundleIsRefused(String provider) throws Exception {
        refused(SELF_SIGNED, TlsFailureReason.UNTRUSTED, provider);
    }

    @ParameterizedTest
    @ValueSource(strings = {TlsSpec.OPENSSL, TlsSpec.JDK})
    void aCertificateForAnotherHostIsRefused(String provider) throws Exception {
        refused(WRONG_HOST, TlsFailureReason.WRONG_HOST, provider);
    }

    @Test
    void insecureAcceptsTheSelfSignedAndTheWrongHost() throws Exception {
        TlsSpec insecure = new TlsSpec(null, true, List.of(), List.of(), true);
        for (int server : new int[] {SELF_SIGNED, WRONG_HOST}) {
            HttpReport r = run(spec(server, 1, 300, 0, 0, true, insecure), null);
            assertEquals(0, r.errors().total());
            assertEquals(1, r.tls().handshakes());
        }
    }

    @Test
    void noVersionInCommonIsRefused() throws Exception {
        // nginx offers TLSv1.2 and 1.3; a cipher of TLS 1.2 only, offered with TLS 1.3 only, leaves nothing
        TlsSpec none = new TlsSpec(ca, false, List.of("TLSv1.3"), List.of("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"), true);
        HttpReport r = run(spec(GOOD, 1, 300, 0, 0, true, none), "never opened");
        assertTrue(r.errors().tls() > 0);
    }

    private void refused(int server, String reason, String provider) throws Exception {
        int before = nginx.tlsLog().size();
        HttpReport r = run(spec(server, 1, 300, 0, 0, true,
                new TlsSpec(ca, false, List.of(), List.of(), true, provider)), reason);

        assertEquals(0, r.requests());
        assertTrue(r.errors().tls() > 0);
        assertEquals(r.errors().tls(), r.tls().failures());
        assertEquals(r.errors().tls(), r.errors().total(), () -> "counted once, as tls: " + r.errors());
        TlsFailures.assertOnly(reason, r);
        assertEquals(0, r.tls().handshakes());
        assertEquals(1, r.connectionsNeverOpened());
        assertEquals(0, lines(before).size());
    }

    /** Runs {@code spec}; its failure must hold {@code failure}, or be null when that is null. Ends within 15 s. */
    private HttpReport run(HttpRunSpec spec, String failure) throws Exception {
        RunOutcome outcome = await(driver.start(spec), 15);
        HttpReport r = (HttpReport) outcome.report();
        if (failure == null) {
            assertNull(outcome.failure());
            assertEquals(0, r.errors().total(), () -> "errors " + r.errors() + " " + r.tls());
        } else {
            assertNotNull(outcome.failure());
            assertTrue(outcome.failure().contains(failure), outcome.failure());
        }
        assertNotNull(r.tls());
        return r;
    }

    private HttpRunSpec spec(int server, int connections, long durationMs, long warmupMs, double rate, boolean keepAlive,
                             TlsSpec tls) {
        URI target = nginx.tlsUri(server, "/hello");
        return new HttpRunSpec(target, "GET", Map.of(), null, connections, 1, Duration.ofMillis(durationMs),
                Duration.ofMillis(warmupMs), rate, keepAlive, Duration.ofMillis(2_000), HttpProtocol.HTTP_1_1, 1, tls);
    }

    /** The log's lines since {@code before}, once it holds a line for each request {@code r} completed. */
    private List<String[]> lines(int before, HttpReport r) throws Exception {
        return lines(before, (int) (r.requests() + r.warmupRequests()));
    }

    private List<String[]> lines(int before) throws Exception {
        return lines(before, 0);
    }

    private List<String[]> lines(int before, int expected) throws Exception {
        List<String> all = nginx.tlsLog(before + expected);
        return all.subList(before, all.size()).stream().map(l -> l.split(" ")).toList();
    }

    /** nginx logs OpenSSL's names: TLS 1.3 suites alike (TLS_AES_128_GCM_SHA256), TLS 1.2 ones its own way. */
    private static String cipherAsNginxNamesIt(String jdk) {
        return switch (jdk) {
            case "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384" -> "ECDHE-ECDSA-AES256-GCM-SHA384";
            case "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256" -> "ECDHE-ECDSA-AES128-GCM-SHA256";
            case "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256" -> "ECDHE-ECDSA-CHACHA20-POLY1305";
            default -> jdk;
        };
    }
}
