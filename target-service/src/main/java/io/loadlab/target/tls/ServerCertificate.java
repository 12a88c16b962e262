package io.loadlab.target.tls;

import io.loadlab.common.tls.IssuedCertificate;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.PemKeyCertOptions;

import javax.net.ssl.KeyManager;
import javax.net.ssl.X509KeyManager;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.Objects;

/**
 * The certificate and key the TLS port serves, checked before a server takes them: parsed the way Vert.x will
 * parse them (its own PEM reader: PKCS#8, PKCS#1 RSA, SEC1 EC), and the key proven to belong to the leaf by
 * signing with it. A pair caught half-replaced (new certificate, old key) fails here, never on a client's handshake.
 *
 * @param options what {@code HttpServerOptions}/{@code SSLOptions} take
 * @param served  the certificate clients see first, with its key
 * @param source  where it came from, for the log: the files, or "self-signed"
 */
public record ServerCertificate(PemKeyCertOptions options, IssuedCertificate served, String source) {

    public ServerCertificate {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(served, "served");
        Objects.requireNonNull(source, "source");
    }

    /**
     * Reads and checks a PEM pair.
     *
     * @throws IllegalArgumentException naming {@code source}, when the PEM does not parse or the key is not the leaf's
     */
    public static ServerCertificate of(Vertx vertx, Buffer certPem, Buffer keyPem, String source) {
        PemKeyCertOptions options = new PemKeyCertOptions().setCertValue(certPem).setKeyValue(keyPem);
        X509KeyManager keys;
        try {
            keys = x509(options.getKeyManagerFactory(vertx).getKeyManagers());
        } catch (Exception e) {
            throw new IllegalArgumentException(source + ": not a PEM certificate and private key: " + e.getMessage(), e);
        }
        // Vert.x files the pair under one alias, "dummdummydumm0" in 4.5; ask rather than assume it
        String[] aliases = keys.getServerAliases("EC", null);
        String alias = aliases != null && aliases.length > 0 ? aliases[0] : firstAlias(keys);
        X509Certificate[] chain = keys.getCertificateChain(alias);
        PrivateKey key = keys.getPrivateKey(alias);
        if (chain == null || chain.length == 0 || key == null) {
            throw new IllegalArgumentException(source + ": no certificate with its private key found in the PEM");
        }
        requireMatch(chain[0], key, source);
        return new ServerCertificate(options, new IssuedCertificate(chain[0], key), source);
    }

    /** The certificate clients see first. */
    public X509Certificate leaf() {
        return served.certificate();
    }

    /** SHA-256 of the leaf's DER form, colon-separated upper-case hex, as {@code openssl x509 -fingerprint -sha256} prints it. */
    public String fingerprint() {
        return served.fingerprint();
    }

    private static void requireMatch(X509Certificate leaf, PrivateKey key, String source) {
        byte[] probe = "loadlab key check".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        try {
            String algorithm = "EC".equals(key.getAlgorithm()) ? "SHA256withECDSA"
                    : "RSA".equals(key.getAlgorithm()) ? "SHA256withRSA" : "Ed25519";
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(leaf.getPublicKey());
            verifier.update(probe);
            if (verifier.verify(signature)) {
                return;
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(source + ": the private key does not belong to the certificate ("
                    + e.getMessage() + ")", e);
        }
        throw new IllegalArgumentException(source + ": the private key does not belong to the certificate "
                + leaf.getSubjectX500Principal().getName());
    }

    private static X509KeyManager x509(KeyManager[] managers) {
        for (KeyManager manager : managers) {
            if (manager instanceof X509KeyManager x509) {
                return x509;
            }
        }
        throw new IllegalArgumentException("no X.509 key manager");
    }

    private static String firstAlias(X509KeyManager keys) {
        for (String type : new String[] {"RSA", "EC", "EdDSA", "Ed25519"}) {
            String[] aliases = keys.getServerAliases(type, null);
            if (aliases != null && aliases.length > 0) {
                return aliases[0];
            }
        }
        throw new IllegalArgumentException("the PEM holds no server key");
    }
}
