package io.loadlab.target.tls;

import io.loadlab.common.limit.Allowance;
import io.loadlab.target.TargetConfig;
import io.loadlab.target.metrics.ListeningPorts;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.AbstractVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.Http2Settings;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.SSLOptions;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The TLS port: HTTP/1.1 and h2 (by ALPN) on {@code target.https.port}, serving Quarkus' own router, so every
 * route, answer and meter of the plain port is there unchanged. One server per event loop, as Quarkus runs the
 * plain port, sharing the port (Vert.x spreads connections over them).
 *
 * <p>A second Vert.x server rather than Quarkus' {@code quarkus.http.ssl-port}: Quarkus' TLS registry needs the
 * certificate files before it starts, and the self-signed certificate is made at start, after config is read;
 * here the certificate is an in-memory PEM either way, and {@code updateSSLOptions} rotates it in place.
 */
@ApplicationScoped
public class HttpsServer {

    private static final Logger LOG = Logger.getLogger(HttpsServer.class);
    private static final long START_SECONDS = 30;

    private final Vertx vertx;
    private final TargetConfig.Https config;
    private final ListeningPorts ports;
    private final Clock clock;
    private final int instances;
    private final Duration idleTimeout;
    private final List<HttpServer> servers = new CopyOnWriteArrayList<>();
    private final List<String> deployments = new CopyOnWriteArrayList<>();
    private volatile Router router;
    private volatile ServerCertificate certificate;
    private volatile int port = -1;
    private CertificateWatch watch;
    private final Allowance handshakes;
    /** The plain port's header limit, on this port too: Vert.x's own default here was 8 KiB, the docs say 20 (issue 42). */
    private final int maxHeaderBytes;

    public HttpsServer(Vertx vertx, TargetConfig config, ListeningPorts ports, Clock clock,
                       @ConfigProperty(name = "quarkus.http.io-threads") OptionalInt ioThreads,
                       @ConfigProperty(name = "quarkus.http.idle-timeout", defaultValue = "30M") Duration idleTimeout,
                       @ConfigProperty(name = "quarkus.http.limits.max-header-size", defaultValue = "20K") MemorySize maxHeaderSize) {
        this.vertx = vertx;
        this.maxHeaderBytes = (int) Math.min(Integer.MAX_VALUE, maxHeaderSize.asLongValue());
        this.config = config.https();
        this.ports = ports;
        this.clock = clock;
        this.instances = Math.max(1, ioThreads.orElse(Runtime.getRuntime().availableProcessors()));
        this.idleTimeout = idleTimeout;
        this.handshakes = new Allowance(this.config.maxHandshakes(), "target.https.max-handshakes");
    }

    void router(@Observes Router router) {
        this.router = router;
    }

    void start(@Observes StartupEvent event) {
        if (!config.enabled()) {
            LOG.info("HTTPS off (target.https.enabled=false)");
            return;
        }
        if (router == null) {
            throw new IllegalStateException("Quarkus' router was not announced before start: the TLS port has nothing to serve");
        }
        certificate = firstCertificate();
        // Vert.x shares a port among servers only when it is named: port 0 would give each server its own free port
        int bound = deploy(config.port() == 0 ? 1 : instances, config.port());
        port = bound;
        ports.httpsBound(bound);
        LOG.infof("HTTPS (h2, http/1.1 by ALPN) on %s:%d, %d event loop(s); certificate SHA-256 %s, %s, valid until %s;"
                        + " at most %d handshakes at once, each within %s", config.host(), bound, servers.size(),
                certificate.fingerprint(), certificate.source(), certificate.leaf().getNotAfter().toInstant(),
                handshakes.limit(), config.handshakeTimeout());
        if (watch != null) {
            watch.start(config.reloadPeriod());
        }
    }

    void stop(@Observes ShutdownEvent event) {
        if (watch != null) {
            watch.stop();
        }
        for (String id : deployments) {
            vertx.undeploy(id);
        }
    }

    /** The bound port, or -1 when off or not yet started. */
    public int port() {
        return port;
    }

    /** Handshakes refused at the bound since start ({@code target.https.max-handshakes}). */
    public long handshakesRefused() {
        return handshakes.refused();
    }

    /** The certificate new connections get. */
    public ServerCertificate certificate() {
        return certificate;
    }

    private ServerCertificate firstCertificate() {
        if (config.certFile().isPresent() != config.keyFile().isPresent()) {
            throw new IllegalArgumentException("target.https.cert-file and target.https.key-file go together: "
                    + (config.certFile().isPresent() ? "key-file" : "cert-file") + " is missing");
        }
        if (config.certFile().isEmpty()) {
            return selfSigned();
        }
        PemFiles files = new PemFiles(config.certFile().get(), config.keyFile().get());
        if (config.filesOptional() && files.absent()) {
            LOG.warnf("target.https.cert-file %s and key-file %s absent (target.https.files-optional): a self-signed"
                    + " certificate until they appear", files.cert(), files.key());
            watch = new CertificateWatch(vertx, files, null, this::serve);
            return selfSigned();
        }
        PemFiles.Contents contents = files.read();
        ServerCertificate loaded = contents.certificate(vertx, files);
        watch = new CertificateWatch(vertx, files, contents, this::serve);
        return loaded;
    }

    private ServerCertificate selfSigned() {
        return SelfSigned.make(vertx, SelfSigned.names(config.names().orElse(List.of())), clock.instant());
    }

    /** Hands {@code next} to every server: new handshakes get it, open connections keep theirs. */
    private void serve(ServerCertificate next) {
        SSLOptions ssl = new SSLOptions().setKeyCertOptions(next.options()).setUseAlpn(true)
                .setSslHandshakeTimeout(config.handshakeTimeout().toMillis()).setSslHandshakeTimeoutUnit(TimeUnit.MILLISECONDS);
        List<Future<Boolean>> updates = new ArrayList<>();
        for (HttpServer server : servers) {
            updates.add(server.updateSSLOptions(ssl, true));
        }
        Future.all(updates).onSuccess(done -> {
            certificate = next;
            LOG.infof("HTTPS certificate reloaded: SHA-256 %s, %s, valid until %s", next.fingerprint(), next.source(),
                    next.leaf().getNotAfter().toInstant());
        }).onFailure(e -> LOG.warnf("HTTPS certificate reload failed, the previous one may still be served: %s", e.toString()));
    }

    /**
     * Deploys {@code count} servers on {@code port}; returns the port they bound. Port 0 (tests) gets one server:
     * two took two different free ports, and a second deployment on the first one's port failed to bind.
     */
    private int deploy(int count, int onPort) {
        HttpServerOptions options = new HttpServerOptions().setHost(config.host()).setPort(onPort)
                .setSsl(true).setUseAlpn(true).setKeyCertOptions(certificate.options())
                .setSslEngineOptions(new LimitedEngineOptions(handshakes))
                .setSslHandshakeTimeout(config.handshakeTimeout().toMillis()).setSslHandshakeTimeoutUnit(TimeUnit.MILLISECONDS)
                .setIdleTimeout((int) idleTimeout.toSeconds()).setIdleTimeoutUnit(TimeUnit.SECONDS)
                .setMaxHeaderSize(maxHeaderBytes)
                .setInitialSettings(new Http2Settings().setMaxConcurrentStreams(config.maxConcurrentStreams())
                        .setMaxHeaderListSize(maxHeaderBytes));
        Router served = router;
        try {
            String id = vertx.deployVerticle(() -> new Listener(options, served), new DeploymentOptions().setInstances(count))
                    .toCompletionStage().toCompletableFuture().get(START_SECONDS, TimeUnit.SECONDS);
            deployments.add(id);
        } catch (ExecutionException e) {
            throw new IllegalStateException("HTTPS could not listen on " + config.host() + ":" + onPort + ": "
                    + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("HTTPS did not listen on " + config.host() + ":" + onPort + " within "
                    + START_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting HTTPS", e);
        }
        int bound = servers.get(0).actualPort();
        if (servers.stream().anyMatch(s -> s.actualPort() != bound)) {
            throw new IllegalStateException("HTTPS servers bound different ports: "
                    + servers.stream().map(HttpServer::actualPort).toList());
        }
        return bound;
    }

    /** One server on its event loop. */
    private final class Listener extends AbstractVerticle {

        private final HttpServerOptions options;
        private final Router served;

        Listener(HttpServerOptions options, Router served) {
            this.options = options;
            this.served = served;
        }

        @Override
        public void start(Promise<Void> started) {
            HttpServer server = vertx.createHttpServer(options).requestHandler(served);
            server.listen().onSuccess(s -> {
                servers.add(s);
                started.complete();
            }).onFailure(started::fail);
        }
    }
}
