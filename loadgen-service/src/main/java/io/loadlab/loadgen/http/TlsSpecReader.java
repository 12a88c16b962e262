package io.loadlab.loadgen.http;

import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;

import javax.net.ssl.SSLContext;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Set;

/**
 * Reads an http spec's {@code tls} object. Policy lives here, well-formedness in {@link TlsSpec}:
 * {@code insecure: true} only where {@code loadgen.limits.allow-insecure-tls} allows it.
 */
public final class TlsSpecReader {

    private final LimitsConfig limits;

    public TlsSpecReader(LimitsConfig limits) {
        this.limits = limits;
    }

    /** The spec of {@code tls}, null when absent (the record then takes {@link TlsSpec#DEFAULT} for https). */
    public TlsSpec read(JsonFields f) {
        if (f == null) {
            return null;
        }
        String ca = f.text("ca", null);
        boolean insecure = f.bool("insecure", false);
        List<String> versions = f.strings("versions", TlsSpec.VERSIONS.size(), 16);
        List<String> ciphers = f.strings("ciphers", TlsSpec.MAX_CIPHERS, 100);
        boolean resumption = f.bool("resumption", true);
        f.violations().check(!insecure || limits.allowInsecureTls(), "tls.insecure",
                "is not allowed here (loadgen.limits.allow-insecure-tls is false)");
        if (ca != null && ca.contains("-----BEGIN CERTIFICATE-----") && ca.length() <= TlsSpec.MAX_CA_BYTES) {
            try {
                PemBundle.parse(ca); // the record checks the shape; a bundle that does not parse is a 400 now, not a failed run
            } catch (IllegalArgumentException e) {
                f.violations().check(false, "tls.ca", e.getMessage());
            }
        }
        List<String> unknown = ciphers == null ? List.of() : ciphers.stream().filter(c -> c != null).filter(c -> !supportedCiphers().contains(c)).toList();
        f.violations().check(unknown.isEmpty(), "tls.ciphers", "names suites this JDK does not support: "
                + ConnectionCounts.describe(String.join(", ", unknown.subList(0, Math.min(4, unknown.size())))));
        String certificate = f.text("certificate", null);
        String key = f.text("key", null);
        checkClientCertificate(f, certificate, key);
        String provider = f.text("provider", TlsSpec.AUTO);
        f.violations().check(!TlsSpec.OPENSSL.equals(provider) || ClientTls.openSslAvailable(), "tls.provider",
                "openssl is not available on this loadgen (netty-tcnative loads on Linux x86-64 and aarch64 JVMs only)");
        return f.build(() -> new TlsSpec(ca, insecure, versions, ciphers, resumption, provider, certificate, key));
    }

    /**
     * A client certificate and key that parse and belong together, or a 400 now rather than a run of refused
     * handshakes. The record checks the shape (both or neither, sizes); messages never quote the key.
     */
    private static void checkClientCertificate(JsonFields f, String certificate, String key) {
        if (certificate == null || key == null || certificate.length() > TlsSpec.MAX_CERTIFICATE_BYTES
                || key.length() > TlsSpec.MAX_KEY_BYTES) {
            return;
        }
        List<X509Certificate> chain = null;
        if (certificate.contains("-----BEGIN CERTIFICATE-----")) {
            try {
                chain = PemBundle.parse(certificate);
            } catch (IllegalArgumentException e) {
                f.violations().check(false, "tls.certificate", e.getMessage());
            }
        }
        PrivateKey privateKey = null;
        try {
            privateKey = PemKey.parse(key);
        } catch (IllegalArgumentException e) {
            f.violations().check(false, "tls.key", e.getMessage());
        }
        if (chain != null && privateKey != null) {
            f.violations().check(PemKey.matches(privateKey, chain.get(0)), "tls.key",
                    "is not the private key of tls.certificate (its first certificate)");
        }
    }

    /** The JDK's supported suites (its default context is made once, ~50 ms, then cached by the JDK). */
    private static Set<String> supportedCiphers() {
        try {
            return Set.of(SSLContext.getDefault().getSupportedSSLParameters().getCipherSuites());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has a default TLS context", e);
        }
    }
}
