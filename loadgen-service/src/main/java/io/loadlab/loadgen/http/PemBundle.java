package io.loadlab.loadgen.http;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

/** A PEM bundle of certificates ({@code tls.ca}) parsed by the JDK: at POST, to refuse a bad one, and per run. */
final class PemBundle {

    private PemBundle() {
    }

    /**
     * The bundle's certificates, at least one.
     *
     * @throws IllegalArgumentException naming what is wrong, when none parses or one is malformed
     */
    static List<X509Certificate> parse(String pem) {
        try {
            List<X509Certificate> certificates = new ArrayList<>();
            for (Certificate c : CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)))) {
                certificates.add((X509Certificate) c);
            }
            if (certificates.isEmpty()) {
                throw new IllegalArgumentException("holds no certificate");
            }
            return certificates;
        } catch (CertificateException | RuntimeException e) {
            if (e instanceof IllegalArgumentException already && "holds no certificate".equals(already.getMessage())) {
                throw already;
            }
            throw new IllegalArgumentException("is not a PEM bundle of X.509 certificates ("
                    + ConnectionCounts.describe(e) + ")");
        }
    }
}
