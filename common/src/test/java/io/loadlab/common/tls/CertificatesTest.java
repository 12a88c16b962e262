package io.loadlab.common.tls;

import org.junit.jupiter.api.Test;

import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CertificatesTest {

    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final Instant YEAR = NOW.plus(Duration.ofDays(365));

    @Test
    void selfSignedParsesBackWithItsNamesDatesAndFingerprint() throws Exception {
        IssuedCertificate cert = Certificates.selfSigned(List.of("localhost", "127.0.0.1", "::1"), NOW, YEAR);
        X509Certificate parsed = parse(cert.certificatePem());

        assertEquals(cert.certificate(), parsed);
        assertEquals(Set.of("2:localhost", "7:127.0.0.1", "7:0:0:0:0:0:0:0:1"), sans(parsed));
        assertEquals(NOW, parsed.getNotBefore().toInstant());
        assertEquals(YEAR, parsed.getNotAfter().toInstant());
        assertEquals(parsed.getSubjectX500Principal(), parsed.getIssuerX500Principal());
        parsed.verify(parsed.getPublicKey());
        assertEquals(-1, parsed.getBasicConstraints(), "a server certificate is no CA");
        String expected = HexFormat.ofDelimiter(":").withUpperCase()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(parsed.getEncoded()));
        assertEquals(expected, cert.fingerprint());
        assertEquals(32 * 3 - 1, cert.fingerprint().length());
    }

    @Test
    void keyPemIsPkcs8ThatParsesBackToTheSameKey() throws Exception {
        IssuedCertificate cert = Certificates.selfSigned(List.of("localhost"), NOW, YEAR);
        String pem = cert.keyPem();
        assertTrue(pem.startsWith("-----BEGIN PRIVATE KEY-----\n") && pem.endsWith("-----END PRIVATE KEY-----\n"), pem);
        byte[] der = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
        assertArrayEquals(cert.key().getEncoded(), KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(der)).getEncoded());
    }

    @Test
    void aLeafIsTrustedThroughItsAuthorityAndNotWithoutIt() throws Exception {
        IssuedCertificate ca = Certificates.authority("loadlab test CA", NOW, YEAR);
        IssuedCertificate leaf = Certificates.leaf(ca, List.of("localhost"), NOW, YEAR);
        X509Certificate parsed = parse(leaf.certificatePem());

        assertEquals(ca.certificate().getSubjectX500Principal(), parsed.getIssuerX500Principal());
        parsed.verify(ca.certificate().getPublicKey());
        assertTrue(parse(ca.certificatePem()).getBasicConstraints() >= 0, "the authority is a CA");
        X509TrustManager trustingCa = trustManager(ca.certificate());
        // the JDK's PKIX checks validity against its own clock: give the leaf dates around the real now
        IssuedCertificate current = Certificates.leaf(ca, List.of("localhost"), Instant.now().minusSeconds(60), Instant.now().plusSeconds(3600));
        trustingCa.checkServerTrusted(new X509Certificate[]{current.certificate()}, "ECDHE_ECDSA");
        IssuedCertificate stranger = Certificates.selfSigned(List.of("localhost"), Instant.now().minusSeconds(60), Instant.now().plusSeconds(3600));
        assertThrows(CertificateException.class,
                () -> trustingCa.checkServerTrusted(new X509Certificate[]{stranger.certificate()}, "ECDHE_ECDSA"));
    }

    @Test
    void aPastIntervalMakesAnExpiredCertificate() throws Exception {
        IssuedCertificate expired = Certificates.selfSigned(List.of("localhost"), NOW.minus(Duration.ofDays(30)), NOW.minus(Duration.ofDays(1)));
        assertThrows(CertificateExpiredException.class, () -> parse(expired.certificatePem()).checkValidity(java.util.Date.from(NOW)));
    }

    @Test
    void refusesNoNamesAndAnEmptyInterval() {
        assertThrows(IllegalArgumentException.class, () -> Certificates.selfSigned(List.of(), NOW, YEAR));
        assertThrows(IllegalArgumentException.class, () -> Certificates.selfSigned(List.of("localhost"), YEAR, NOW));
    }

    private static X509Certificate parse(String pem) throws CertificateException {
        return (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
    }

    private static Set<String> sans(X509Certificate cert) throws CertificateException {
        return cert.getSubjectAlternativeNames().stream().map(san -> san.get(0) + ":" + san.get(1)).collect(Collectors.toSet());
    }

    private static X509TrustManager trustManager(X509Certificate anchor) throws Exception {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        store.setCertificateEntry("ca", anchor);
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        return (X509TrustManager) factory.getTrustManagers()[0];
    }
}
