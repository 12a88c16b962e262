package io.loadlab.loadgen.http;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;
import javax.net.ssl.X509ExtendedTrustManager;
import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;

/**
 * A client trust manager that marks the handshake session it verified, which is how a run tells a full handshake
 * from a resumed one with the JDK's provider: it has no "session reused" flag, but a resumed handshake (a TLS 1.2
 * session ID or a TLS 1.3 ticket) sends no certificate, so nothing is verified and the session carries no mark.
 * {@link ClientTls#resumed} reads and clears the mark. Checked against nginx's {@code $ssl_session_reused}.
 * Verification itself is the delegate's (the JDK's PKIX with endpoint identification), or none when insecure.
 */
final class TrustMarking extends X509ExtendedTrustManager {

    /** The session value's name; the value is {@link Boolean#TRUE}. */
    static final String VERIFIED = "io.loadlab.tls.verified";

    /** Null: trust every certificate (insecure). */
    private final X509ExtendedTrustManager delegate;

    TrustMarking(X509ExtendedTrustManager delegate) {
        this.delegate = delegate;
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        if (delegate != null) {
            delegate.checkServerTrusted(chain, authType, engine);
        }
        SSLSession handshake = engine.getHandshakeSession();
        if (handshake != null) {
            handshake.putValue(VERIFIED, Boolean.TRUE);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        if (delegate != null) {
            delegate.checkServerTrusted(chain, authType, socket);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        if (delegate != null) {
            delegate.checkServerTrusted(chain, authType);
        }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        throw new CertificateException("a load generator trusts no client");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        throw new CertificateException("a load generator trusts no client");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("a load generator trusts no client");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return delegate == null ? new X509Certificate[0] : delegate.getAcceptedIssuers();
    }
}
