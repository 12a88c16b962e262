package io.loadlab.common.tls;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A certificate with its private key, as {@link Certificates} makes them.
 *
 * @param certificate the X.509 certificate
 * @param key         its private key
 */
public record IssuedCertificate(X509Certificate certificate, PrivateKey key) {

    public IssuedCertificate {
        Objects.requireNonNull(certificate, "certificate");
        Objects.requireNonNull(key, "key");
    }

    /** The certificate as a PEM block ({@code -----BEGIN CERTIFICATE-----}), as nginx, curl and openssl read it. */
    public String certificatePem() {
        return pem("CERTIFICATE", der());
    }

    /** The key as an unencrypted PKCS#8 PEM block ({@code -----BEGIN PRIVATE KEY-----}), as nginx and Netty read it. */
    public String keyPem() {
        return pem("PRIVATE KEY", key.getEncoded());
    }

    /** SHA-256 of the certificate's DER form, upper-case hex pairs joined by colons, as {@code openssl x509 -fingerprint -sha256} prints it. */
    public String fingerprint() {
        try {
            return HexFormat.ofDelimiter(":").withUpperCase().formatHex(MessageDigest.getInstance("SHA-256").digest(der()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private byte[] der() {
        try {
            return certificate.getEncoded();
        } catch (CertificateEncodingException e) {
            throw new IllegalStateException("a certificate built here always encodes", e);
        }
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }
}
