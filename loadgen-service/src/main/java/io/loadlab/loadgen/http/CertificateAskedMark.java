package io.loadlab.loadgen.http;

import javax.net.ssl.SNIMatcher;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * One connection's record of whether its server asked for a client certificate, and whether one was given, which
 * must outlive a failed handshake: the JDK drops a handshake's session when the handshake fails, so a mark on the
 * session ({@link CertificateAsking#ASKED}) is gone when a TLS 1.2 {@code handshake_failure} is to be named. It rides
 * in the engine's parameters as an SNI matcher, the one per-engine object a client engine keeps and ignores (matchers
 * are a server's); there, the key manager finds it through the engine it is handed, which with ALPN is the JDK's
 * engine inside Netty's wrapper, and the slot through the wrapper, which hands back the same parameters. One small
 * object per connection, none per request. Written and read on the connection's event loop.
 */
final class CertificateAskedMark extends SNIMatcher {

    /** A type no server name has (0 is host_name, the only one defined). */
    private static final int TYPE = 255;

    /** Null until asked; then whether a certificate was given. */
    private Boolean asked;

    private CertificateAskedMark() {
        super(TYPE);
    }

    /** A fresh mark added to {@code parameters}, which then go to one new engine. */
    static void addTo(SSLParameters parameters) {
        parameters.setSNIMatchers(java.util.List.of(new CertificateAskedMark()));
    }

    /** The mark of {@code engine}, null when it carries none (a provider that keeps no matchers on a client). */
    static CertificateAskedMark of(SSLEngine engine) {
        if (engine == null) {
            return null;
        }
        var matchers = engine.getSSLParameters().getSNIMatchers();
        if (matchers != null) {
            for (SNIMatcher m : matchers) {
                if (m instanceof CertificateAskedMark mark) {
                    return mark;
                }
            }
        }
        return null;
    }

    void asked(boolean given) {
        asked = given;
    }

    Boolean asked() {
        return asked;
    }

    @Override
    public boolean matches(SNIServerName serverName) {
        return false; // never consulted by a client
    }
}
