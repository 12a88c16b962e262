package io.loadlab.testsupport;

import io.loadlab.common.tls.Certificates;
import io.loadlab.common.tls.IssuedCertificate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The packaged target with its HTTPS port serving a certificate of the test's own: self-signed for {@code localhost}
 * and {@code 127.0.0.1}, valid a day either side of now, given to the target as PEM files
 * ({@code target.https.cert-file}, {@code key-file}). A client trusts it by {@link #ca()} alone: nothing insecure.
 * Closing stops the target and removes the files.
 */
public final class TlsTarget implements AutoCloseable {

    private final TargetService target;
    private final String ca;
    private final Path files;

    private TlsTarget(TargetService target, String ca, Path files) {
        this.target = target;
        this.ca = ca;
        this.files = files;
    }

    /** Makes the certificate, starts the target with it and waits until it is ready. */
    public static TlsTarget start() throws IOException, InterruptedException {
        Instant now = Instant.now();
        IssuedCertificate cert = Certificates.selfSigned(List.of("localhost", "127.0.0.1"), now.minus(Duration.ofDays(1)),
                now.plus(Duration.ofDays(1)));
        Path files = Files.createTempDirectory("tls-target");
        try {
            Files.writeString(files.resolve("tls.crt"), cert.certificatePem());
            Files.writeString(files.resolve("tls.key"), cert.keyPem());
            TargetService target = TargetService.startWith(List.of("-Dtarget.https.cert-file=" + files.resolve("tls.crt"),
                    "-Dtarget.https.key-file=" + files.resolve("tls.key")));
            return new TlsTarget(target, cert.certificatePem(), files);
        } catch (IOException | InterruptedException | RuntimeException e) {
            TempDirs.remove(files);
            throw e;
        }
    }

    public TargetService target() {
        return target;
    }

    /** The served certificate, PEM: the one thing a client need trust. */
    public String ca() {
        return ca;
    }

    @Override
    public void close() {
        try {
            target.close();
        } finally {
            TempDirs.remove(files);
        }
    }
}
