package io.loadlab.target.tls;

import io.vertx.core.Vertx;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * Reads the PEM files again every period and hands a changed pair that checks out to the server: a rotated Secret
 * is served to new connections without a restart, connections already open keep the certificate they shook hands
 * with. A pair that does not check out (half-written, key of another certificate) is logged once per change and the
 * old one stays served; it is tried again when the files change again.
 */
final class CertificateWatch {

    private static final Logger LOG = Logger.getLogger(CertificateWatch.class);

    private final Vertx vertx;
    private final PemFiles files;
    private final Consumer<ServerCertificate> serve;
    private PemFiles.Contents last;
    private long timer = -1;

    /** {@code loaded}: the contents served now, null while the files are absent (a self-signed one is served). */
    CertificateWatch(Vertx vertx, PemFiles files, PemFiles.Contents loaded, Consumer<ServerCertificate> serve) {
        this.vertx = vertx;
        this.files = files;
        this.last = loaded;
        this.serve = serve;
    }

    /** Starts reading every {@code period}; zero or negative: never. */
    void start(Duration period) {
        if (!period.isNegative() && !period.isZero()) {
            timer = vertx.setPeriodic(Math.max(1, period.toMillis()), id -> check());
        }
    }

    void stop() {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }

    private void check() {
        // file reads block: off the event loop, one at a time (ordered)
        vertx.executeBlocking(() -> {
            compare();
            return null;
        }, true);
    }

    private void compare() {
        PemFiles.Contents now;
        if (files.absent() && last == null) {
            return; // still waiting for an optional Secret: nothing to say every period
        }
        try {
            now = files.read();
        } catch (IllegalArgumentException e) {
            LOG.warnf("TLS certificate not reloaded, the one loaded before stays: %s", e.getMessage());
            return;
        }
        if (now.same(last)) {
            return;
        }
        last = now;
        try {
            serve.accept(now.certificate(vertx, files));
        } catch (IllegalArgumentException e) {
            LOG.warnf("TLS certificate not reloaded, the one loaded before stays: %s", e.getMessage());
        }
    }
}
