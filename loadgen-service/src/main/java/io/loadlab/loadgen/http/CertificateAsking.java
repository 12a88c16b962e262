package io.loadlab.loadgen.http;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;
import javax.net.ssl.X509ExtendedKeyManager;
import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * A client key manager that marks the handshake session when the server asks for a client certificate, and whether
 * one was given: the only reliable sign that a refusal is about the client's certificate. The alerts tell nothing of
 * it (OpenSSL answers a missing one with {@code handshake_failure} on TLS 1.2, as it answers no cipher in common;
 * on TLS 1.3 its {@code certificate_required} comes after the client's Finished, when the client took the handshake
 * for done). Only a server's CertificateRequest makes the provider (the JDK's or BoringSSL's) call here.
 * {@link ClientTls#certificateAsked} reads the mark: the connection's {@link CertificateAskedMark}, which outlives a
 * failed handshake, and the session's, for a provider whose engine keeps no such mark.
 * <p>
 * The certificate is the spec's ({@code tls.certificate} and {@code tls.key}), or none; it is given whatever
 * issuers the server names, as curl and wrk give theirs (the JDK's own key manager gives nothing when the issuers
 * do not match, which would read as "asked" with a certificate in the spec), but only for a key type the server can
 * take, so a provider never signs with a key it was not asked for.
 */
final class CertificateAsking extends X509ExtendedKeyManager {

    /** The session value's name; the value is {@link Boolean#TRUE} when a certificate was given, else FALSE. */
    static final String ASKED = "io.loadlab.tls.certificate-asked";
    private static final String ALIAS = "client";

    /** Null, as the chain: no certificate to give. */
    private final PrivateKey key;
    private final X509Certificate[] chain;

    CertificateAsking(PrivateKey key, List<X509Certificate> chain) {
        this.key = key;
        this.chain = chain == null ? null : chain.toArray(new X509Certificate[0]);
    }

    @Override
    public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
        String alias = key != null && takes(keyType) ? ALIAS : null;
        SSLSession handshake = engine == null ? null : engine.getHandshakeSession();
        if (handshake != null) {
            handshake.putValue(ASKED, alias != null);
        }
        CertificateAskedMark mark = CertificateAskedMark.of(engine);
        if (mark != null) {
            mark.asked(alias != null);
        }
        return alias;
    }

    /** Whether one of the key types asked (the JDK's "EC", "RSA", "RSASSA-PSS", "EdDSA"; BoringSSL's "EC_EC") is the key's. */
    private boolean takes(String[] keyTypes) {
        if (keyTypes == null) {
            return true;
        }
        String mine = key.getAlgorithm();
        for (String k : keyTypes) {
            if (k == null) {
                continue;
            }
            if (k.equals(mine) || k.startsWith(mine + "_") || ("RSA".equals(mine) && "RSASSA-PSS".equals(k))
                    || (mine.startsWith("Ed") && (k.equals("EdDSA") || k.startsWith("Ed")))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
        return key != null && takes(keyType) ? ALIAS : null;
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return key != null && takes(new String[] {keyType}) ? new String[] {ALIAS} : null;
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return ALIAS.equals(alias) && chain != null ? chain.clone() : null;
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return ALIAS.equals(alias) ? key : null;
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return null; // a client
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return null;
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return null;
    }
}
