package io.loadlab.target.tls;

import io.loadlab.common.limit.Allowance;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.DelegatingSslContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.vertx.core.net.JdkSSLEngineOptions;
import io.vertx.core.spi.tls.SslContextFactory;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;
import java.util.List;
import java.util.Set;

/**
 * The JDK's TLS engine with two changes for the HTTPS port (issue 42). Without them 1,000 ClientHellos that never went
 * on held 1,000 handshakes, each worth a key exchange and a signature, on the loops the plain port shares: its probes
 * went from 23 ms to 5.3 s.
 * <ul>
 *   <li>each server connection takes one of {@code target.https.max-handshakes} ({@link Allowance}) when its handler
 *       is made and gives it back when its handshake ends; past the bound its engine is left no cipher suite, so
 *       the ClientHello is answered with an alert and the connection closed, before any key exchange;</li>
 *   <li>the handshake's work (the JDK engine's delegated tasks: key exchange, signature) runs on Vert.x's worker pool,
 *       never on the event loops the plain port shares.</li>
 * </ul>
 * Vert.x copies engine options with the server's options, so {@link #copy()} keeps the shared limit.
 */
final class LimitedEngineOptions extends JdkSSLEngineOptions {

    private final Allowance limit;

    LimitedEngineOptions(Allowance limit) {
        this.limit = limit;
        setUseWorkerThread(true);
    }

    private LimitedEngineOptions(LimitedEngineOptions other) {
        super(other);
        this.limit = other.limit;
    }

    @Override
    public LimitedEngineOptions copy() {
        return new LimitedEngineOptions(this);
    }

    @Override
    public SslContextFactory sslContextFactory() {
        return new Factory(super.sslContextFactory(), limit);
    }

    /** Vert.x's own factory, its contexts wrapped. */
    private static final class Factory implements SslContextFactory {

        private final SslContextFactory delegate;
        private final Allowance limit;

        Factory(SslContextFactory delegate, Allowance limit) {
            this.delegate = delegate;
            this.limit = limit;
        }

        @Override
        public SslContextFactory useAlpn(boolean useAlpn) {
            delegate.useAlpn(useAlpn);
            return this;
        }

        @Override
        public SslContextFactory clientAuth(ClientAuth clientAuth) {
            delegate.clientAuth(clientAuth);
            return this;
        }

        @Override
        public SslContextFactory forClient(boolean forClient) {
            delegate.forClient(forClient);
            return this;
        }

        @Override
        public SslContextFactory keyMananagerFactory(KeyManagerFactory kmf) {
            delegate.keyMananagerFactory(kmf);
            return this;
        }

        @Override
        public SslContextFactory trustManagerFactory(TrustManagerFactory tmf) {
            delegate.trustManagerFactory(tmf);
            return this;
        }

        @Override
        public SslContextFactory enabledCipherSuites(Set<String> cipherSuites) {
            delegate.enabledCipherSuites(cipherSuites);
            return this;
        }

        @Override
        public SslContextFactory applicationProtocols(List<String> protocols) {
            delegate.applicationProtocols(protocols);
            return this;
        }

        @Override
        public SslContextFactory serverName(String serverName) {
            delegate.serverName(serverName);
            return this;
        }

        @Override
        public SslContext create() throws SSLException {
            SslContext made = delegate.create();
            return made.isClient() ? made : new Limited(made, limit);
        }
    }

    /** A server context whose handlers take room from the limit, or are refused. */
    private static final class Limited extends DelegatingSslContext {

        private static final String[] NO_SUITE = new String[0];

        private final Allowance limit;

        Limited(SslContext context, Allowance limit) {
            super(context);
            this.limit = limit;
        }

        @Override
        protected void initEngine(SSLEngine engine) {
            // engines made without a handler (none on the server's path) are not counted
        }

        /**
         * No cipher suite: the ClientHello is answered with a handshake_failure alert and the connection closed, before
         * any key exchange. Not the protocols: Vert.x's own context, around this one, sets them again on every engine;
         * and an engine closed before its first read leaves the connection open, unanswered, until the timeout.
         */
        private static void refuse(SSLEngine engine) {
            engine.setEnabledCipherSuites(NO_SUITE);
        }

        @Override
        protected void initHandler(SslHandler handler) {
            if (limit.tryTake(1)) {
                handler.handshakeFuture().addListener(done -> limit.giveBack(1));
            } else {
                refuse(handler.engine());
            }
        }
    }
}
