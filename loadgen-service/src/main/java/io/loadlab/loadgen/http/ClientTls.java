package io.loadlab.loadgen.http;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;

import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * The TLS client side of one run: one Netty {@link SslContext} and per connection an {@link SslHandler} for the
 * URL's host. The provider is BoringSSL through netty-tcnative wherever it loads, by default ({@code tls.provider:
 * auto}) or when asked ({@code openssl}), and the JDK's where it does not (a native image) or when asked ({@code
 * jdk}): a full handshake per request (keep-alive off, no resumption) against nginx cost the JDK 17 provider 4,411 us
 * of CPU and BoringSSL 293, wrk (OpenSSL) 609-616 (bench/tls-h2-peers.sh, medians of 5), so the JDK's default gave
 * 0.18 x wrk's handshakes per second (issue 43).
 * <ul>
 * <li>Trust: the JDK's trust store, or the spec's {@code ca} bundle instead; {@code insecure} trusts any
 *     certificate and checks no host. Otherwise the host is checked as HTTPS does (endpoint identification).</li>
 * <li>A client certificate: the spec's {@code certificate} and {@code key}, given to a server that asks
 *     ({@link CertificateAsking}, which also marks that it was asked: {@link #certificateAsked}).</li>
 * <li>SNI: the URL's host, unless it is an IP literal (RFC 6066 forbids those in SNI).</li>
 * <li>ALPN: {@code h2} for protocol h2, {@code http/1.1} otherwise; {@link #alpnRefusal} says when h2 was not agreed.</li>
 * <li>Resumption: the JDK client caches sessions by the engine's peer host and port. With resumption the engine
 *     gets the target's; without it each engine gets a port of its own (a counter, used for nothing but that
 *     cache's key) and the cache holds one session, so no connection finds one to resume: every handshake is
 *     full, as nginx's {@code $ssl_session_reused} confirms in the tests.</li>
 * </ul>
 * Handlers may be made on any event loop; the counter is the only shared state.
 */
final class ClientTls {

    private static final Pattern IP_LITERAL = Pattern.compile("[0-9.]+|\\[?[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*]?");

    private final SslContext context;
    /** {@link TlsSpec#OPENSSL} or {@link TlsSpec#JDK}: the provider that runs, never {@link TlsSpec#AUTO}. */
    private final String provider;
    private final String host;
    private final int port;
    private final boolean sni;
    private final boolean resumption;
    private final boolean h2;
    private final boolean insecure;
    private final long handshakeTimeoutMillis;
    /** Without resumption, each engine's own cache key; wraps after 4 billion connections, harmless. */
    private final AtomicInteger uncachedPorts = new AtomicInteger();

    private ClientTls(SslContext context, String provider, HttpRunSpec spec) {
        this.context = context;
        this.provider = provider;
        URI target = spec.target();
        this.host = target.getHost().startsWith("[") ? target.getHost().substring(1, target.getHost().length() - 1)
                : target.getHost();
        this.port = target.getPort() < 0 ? 443 : target.getPort();
        this.sni = !IP_LITERAL.matcher(host).matches();
        this.resumption = spec.tls().resumption();
        this.h2 = spec.protocol() == HttpProtocol.H2;
        this.insecure = spec.tls().insecure();
        this.handshakeTimeoutMillis = Math.max(1, spec.timeout().toMillis());
    }

    /**
     * Whether BoringSSL (netty-tcnative) loads here: Linux x86-64 or aarch64, on a JVM. Never asked of netty in a native
     * image (GraalVM sets {@code org.graalvm.nativeimage.imagecode} there), which carries no netty-tcnative library.
     */
    static boolean openSslAvailable() {
        return System.getProperty("org.graalvm.nativeimage.imagecode") == null
                && io.netty.handler.ssl.OpenSsl.isAvailable();
    }

    /** The provider a spec's {@code tls.provider} runs on here: {@link TlsSpec#AUTO} is OpenSSL where it loads. */
    static String providerOf(TlsSpec tls) {
        return TlsSpec.AUTO.equals(tls.provider()) ? (openSslAvailable() ? TlsSpec.OPENSSL : TlsSpec.JDK) : tls.provider();
    }

    /** The provider that runs: {@link TlsSpec#OPENSSL} or {@link TlsSpec#JDK}. */
    String provider() {
        return provider;
    }

    /**
     * The run's TLS, null for an http:// target.
     *
     * @throws IllegalArgumentException when the versions or ciphers asked are not supported here, naming them
     */
    static ClientTls of(HttpRunSpec spec) {
        if (!spec.secure()) {
            return null;
        }
        TlsSpec tls = spec.tls();
        String provider = providerOf(tls);
        try {
            return new ClientTls(context(spec, provider), provider, spec);
        } catch (SSLException e) {
            if (TlsSpec.AUTO.equals(tls.provider()) && TlsSpec.OPENSSL.equals(provider)) {
                // BoringSSL refused what the JDK's accepted when the spec was read (a cipher of the JDK's only)
                try {
                    return new ClientTls(context(spec, TlsSpec.JDK), TlsSpec.JDK, spec);
                } catch (SSLException | GeneralSecurityException jdk) {
                    e.addSuppressed(jdk);
                }
            }
            throw new IllegalArgumentException("cannot set up TLS: " + ConnectionCounts.describe(e), e);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot set up TLS: " + ConnectionCounts.describe(e), e);
        }
    }

    private static SslContext context(HttpRunSpec spec, String provider) throws SSLException, GeneralSecurityException {
        TlsSpec tls = spec.tls();
        SslContextBuilder builder = SslContextBuilder.forClient()
                .sslProvider(TlsSpec.OPENSSL.equals(provider) ? SslProvider.OPENSSL : SslProvider.JDK)
                .trustManager(new TrustMarking(tls.insecure() ? null : trust(tls.ca())))
                .keyManager(clientCertificate(tls))
                .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                        spec.protocol() == HttpProtocol.H2 ? ApplicationProtocolNames.HTTP_2 : ApplicationProtocolNames.HTTP_1_1));
        if (!tls.versions().isEmpty()) {
            builder.protocols(tls.versions());
        }
        if (!tls.ciphers().isEmpty()) {
            builder.ciphers(tls.ciphers());
        }
        if (!tls.resumption()) {
            builder.sessionCacheSize(1); // never read: every engine has its own key
        }
        return builder.build();
    }

    /**
     * The spec's client certificate, or none; asked or not, a server's request is marked. A redacted spec (the key
     * replaced) cannot be run: its key does not parse.
     */
    private static CertificateAsking clientCertificate(TlsSpec tls) {
        if (tls.certificate() == null) {
            return new CertificateAsking(null, null);
        }
        try {
            return new CertificateAsking(PemKey.parse(tls.key()), PemBundle.parse(tls.certificate()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("tls.key or tls.certificate " + e.getMessage(), e);
        }
    }

    /** The JDK's default trust, or a store of the bundle's certificates only. */
    private static X509ExtendedTrustManager trust(String ca) throws GeneralSecurityException {
        KeyStore store = null;
        if (ca != null) {
            try {
                store = KeyStore.getInstance(KeyStore.getDefaultType());
                store.load(null, null);
            } catch (java.io.IOException e) {
                throw new GeneralSecurityException("an empty key store cannot be made", e);
            }
            List<X509Certificate> certificates = PemBundle.parse(ca);
            for (int i = 0; i < certificates.size(); i++) {
                store.setCertificateEntry("ca-" + i, certificates.get(i));
            }
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        for (var manager : factory.getTrustManagers()) {
            if (manager instanceof X509ExtendedTrustManager x509) {
                return x509;
            }
        }
        throw new GeneralSecurityException("the JDK offers no X.509 trust manager");
    }

    /**
     * A handler for one new connection, to go first in its pipeline: it starts the handshake when the TCP connection
     * is up and fails it after the spec's timeout.
     */
    SslHandler newHandler(ByteBufAllocator alloc) {
        SSLEngine engine = context.newEngine(alloc, host, resumption ? port : uncachedPorts.incrementAndGet());
        SSLParameters parameters = engine.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm(insecure ? null : "HTTPS");
        if (sni) {
            parameters.setServerNames(List.of(new SNIHostName(host)));
        }
        CertificateAskedMark.addTo(parameters);
        engine.setSSLParameters(parameters);
        SslHandler handler = new SslHandler(engine);
        handler.setHandshakeTimeoutMillis(handshakeTimeoutMillis);
        return handler;
    }

    /**
     * Why a completed handshake cannot be used, null when it can: protocol h2 and the server agreed to something else
     * or nothing by ALPN.
     */
    String alpnRefusal(SslHandler handler) {
        if (!h2) {
            return null;
        }
        String selected = handler.applicationProtocol();
        return ApplicationProtocolNames.HTTP_2.equals(selected) ? null
                : "server did not agree to h2 by ALPN (selected: " + (selected == null ? "none" : selected) + ")";
    }

    /** After a completed handshake: true when it resumed a session (no certificate was verified). Clears the mark. */
    static boolean resumed(SslHandler handler) {
        SSLSession session = handler.engine().getSession();
        boolean verified = session.getValue(TrustMarking.VERIFIED) != null;
        if (verified) {
            session.removeValue(TrustMarking.VERIFIED); // a TLS 1.2 resumption hands back this very session object
        }
        return !verified;
    }

    /**
     * Whether the server of this handshake asked for a client certificate: null when it did not (or it is not known),
     * else whether one was given. Read from the connection's mark, else the handshake's session while it lasts, else
     * the connection's session.
     */
    static Boolean certificateAsked(SslHandler handler) {
        if (handler == null) {
            return null;
        }
        CertificateAskedMark mark = CertificateAskedMark.of(handler.engine());
        if (mark != null && mark.asked() != null) {
            return mark.asked();
        }
        SSLSession handshake = handler.engine().getHandshakeSession();
        Object asked = handshake == null ? null : handshake.getValue(CertificateAsking.ASKED);
        if (asked == null) {
            SSLSession session = handler.engine().getSession();
            asked = session == null ? null : session.getValue(CertificateAsking.ASKED);
        }
        return asked instanceof Boolean b ? b : null;
    }

    /**
     * After a completed handshake: true when the server's verdict on the client's certificate is still to come. On
     * TLS 1.3 the client's Certificate travels with its Finished, so a server that asked for one refuses it (alert
     * 116 certificate_required, or bad_certificate) after the client took the handshake for done: until the server
     * sends anything, such a handshake is not known to have succeeded. Clears a TLS 1.2 session's mark.
     */
    static boolean verdictPending(SslHandler handler) {
        SSLSession session = handler.engine().getSession();
        if (session.getValue(CertificateAsking.ASKED) == null) {
            return false; // not asked: the common case, read without copying the engine's parameters
        }
        if ("TLSv1.3".equals(session.getProtocol())) {
            return true;
        }
        session.removeValue(CertificateAsking.ASKED); // a resumed TLS 1.2 session is this very object: asked once
        return false;
    }

    /** Why a handshake failed (or a TLS 1.3 one whose verdict was pending): {@link TlsFailureReason}. */
    static String failureReason(SslHandler handler, Throwable cause) {
        return TlsFailureReason.of(cause, certificateAsked(handler));
    }

    /** What a completed handshake agreed. */
    static TlsAgreement agreed(SslHandler handler) {
        SSLSession session = handler.engine().getSession();
        return new TlsAgreement(handler.applicationProtocol(), session.getProtocol(), session.getCipherSuite());
    }
}
