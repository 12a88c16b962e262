package io.loadlab.loadgen.http;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A client certificate's private key ({@code tls.key}): one unencrypted PKCS#8 PEM block ({@code BEGIN PRIVATE KEY},
 * what {@code openssl genpkey} and OpenSSL 3's {@code req -newkey} write), RSA, EC or EdDSA, parsed by the JDK at POST
 * to refuse a bad one, and per run. Messages never quote the key.
 */
final class PemKey {

    private static final Pattern BLOCK = Pattern.compile(
            "-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END PRIVATE KEY-----");
    private static final byte[] PROBE = "loadlab: does this key match the certificate?".getBytes(StandardCharsets.US_ASCII);

    private PemKey() {
    }

    /**
     * The key.
     *
     * @throws IllegalArgumentException naming what is wrong (never quoting the key)
     */
    static PrivateKey parse(String pem) {
        Matcher m = BLOCK.matcher(pem);
        if (!m.find()) {
            throw new IllegalArgumentException(pem.contains("ENCRYPTED PRIVATE KEY")
                    ? "must be unencrypted (openssl pkcs8 -topk8 -nocrypt decrypts it)"
                    : "must be a PEM PKCS#8 private key (BEGIN PRIVATE KEY; openssl pkcs8 -topk8 -nocrypt converts"
                    + " BEGIN RSA/EC PRIVATE KEY)");
        }
        byte[] der;
        try {
            der = Base64.getMimeDecoder().decode(m.group(1).replaceAll("\\s", ""));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("is not valid base64 inside its PEM block");
        }
        for (String algorithm : new String[] {"RSA", "EC", "Ed25519", "Ed448"}) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException | RuntimeException notThis) {
                // the next algorithm
            }
        }
        throw new IllegalArgumentException("is not an RSA, EC or EdDSA private key the JDK can read");
    }

    /** Whether {@code key} is the private half of {@code certificate}'s public key: a probe signed and verified. */
    static boolean matches(PrivateKey key, X509Certificate certificate) {
        PublicKey publicKey = certificate.getPublicKey();
        if (!publicKey.getAlgorithm().equals(key.getAlgorithm())) {
            return false;
        }
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            default -> key.getAlgorithm(); // Ed25519, Ed448
        };
        try {
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(PROBE);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(publicKey);
            verifier.update(PROBE);
            return verifier.verify(signature);
        } catch (GeneralSecurityException | RuntimeException e) {
            return false;
        }
    }
}
