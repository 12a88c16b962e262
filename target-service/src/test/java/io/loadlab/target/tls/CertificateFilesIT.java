package io.loadlab.target.tls;

import io.loadlab.common.tls.Certificates;
import io.loadlab.common.tls.IssuedCertificate;
import io.loadlab.testsupport.ProcessFailedException;
import io.loadlab.testsupport.TargetService;
import io.loadlab.testsupport.TempDirs;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged target with PEM files, as a mounted Secret gives them: that certificate is served, a replaced pair is
 * served without a restart, a pair whose key is another certificate's is refused and the old one stays, and a
 * missing file stops the start with its name. Without files (an optional Secret not created yet) a self-signed
 * certificate is served and logged by its fingerprint until the files appear.
 */
class CertificateFilesIT {

    private static final Duration RELOAD_WAIT = Duration.ofSeconds(30);

    @Test
    void filesAreServedAndARotatedPairWithoutRestart() throws Exception {
        Path dir = Files.createTempDirectory("target-tls");
        try {
            IssuedCertificate first = make();
            write(dir, first.certificatePem(), first.keyPem());
            try (TargetService target = TargetService.startWith(List.of(
                    "-Dtarget.https.cert-file=" + dir.resolve("tls.crt"), "-Dtarget.https.key-file=" + dir.resolve("tls.key"),
                    "-Dtarget.https.reload-period=200ms"))) {
                assertEquals(first.fingerprint(), Tool.servedFingerprint(target.host(), target.httpsPort()));
                assertTrue(target.log().contains("certificate SHA-256 " + first.fingerprint()), "fingerprint logged");

                IssuedCertificate second = make();
                write(dir, second.certificatePem(), first.keyPem()); // half-replaced: the new certificate, the old key
                awaitLog(target, "does not belong to the certificate");
                assertEquals(first.fingerprint(), Tool.servedFingerprint(target.host(), target.httpsPort()), "old pair kept");

                write(dir, second.certificatePem(), second.keyPem());
                awaitLog(target, "HTTPS certificate reloaded: SHA-256 " + second.fingerprint());
                assertEquals(second.fingerprint(), Tool.servedFingerprint(target.host(), target.httpsPort()));
                assertEquals(1, count(target.log(), "HTTPS (h2, http/1.1 by ALPN) on"), "one start, no restart");
            }
        } finally {
            TempDirs.remove(dir);
        }
    }

    /** As a pod whose optional Secret does not exist yet: self-signed, logged by what it serves, then the files. */
    @Test
    void withoutFilesASelfSignedCertificateIsLoggedByWhatItServesUntilFilesAppear() throws Exception {
        Path dir = Files.createTempDirectory("target-tls");
        try (TargetService target = TargetService.startWith(List.of(
                "-Dtarget.https.cert-file=" + dir.resolve("tls.crt"), "-Dtarget.https.key-file=" + dir.resolve("tls.key"),
                "-Dtarget.https.files-optional=true", "-Dtarget.https.reload-period=200ms"))) {
            String served = Tool.servedFingerprint(target.host(), target.httpsPort());
            assertTrue(target.log().contains("certificate SHA-256 " + served + ", self-signed for [localhost, 127.0.0.1, ::1"),
                    target.log());

            IssuedCertificate created = make();
            write(dir, created.certificatePem(), created.keyPem());
            awaitLog(target, "HTTPS certificate reloaded: SHA-256 " + created.fingerprint());
            assertEquals(created.fingerprint(), Tool.servedFingerprint(target.host(), target.httpsPort()));
        } finally {
            TempDirs.remove(dir);
        }
    }

    @Test
    void aMissingCertificateFileStopsTheStartNamingIt() {
        Path missing = Path.of("/nonexistent/tls.crt");
        ProcessFailedException e = assertThrows(ProcessFailedException.class, () -> TargetService.startWith(List.of(
                "-Dtarget.https.cert-file=" + missing, "-Dtarget.https.key-file=/nonexistent/tls.key")));
        assertTrue(e.getMessage().contains("target.https.cert-file " + missing + " cannot be read"), e.getMessage());
        e.discard();
    }

    private static IssuedCertificate make() {
        Instant now = Instant.now();
        return Certificates.selfSigned(List.of("localhost", "127.0.0.1"), now.minusSeconds(60), now.plusSeconds(3600));
    }

    /** Each file replaced whole (written beside, then moved), as kubelet swaps a Secret's files. */
    private static void write(Path dir, String cert, String key) throws IOException {
        for (String[] file : new String[][] {{"tls.crt", cert}, {"tls.key", key}}) {
            Path next = dir.resolve(file[0] + ".next");
            Files.writeString(next, file[1]);
            Files.move(next, dir.resolve(file[0]), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
    }

    private static void awaitLog(TargetService target, String line) throws InterruptedException {
        long deadline = System.nanoTime() + RELOAD_WAIT.toNanos();
        while (!target.log().contains(line)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("never logged '" + line + "' within " + RELOAD_WAIT + ":\n" + target.log());
            }
            Thread.sleep(50);
        }
    }

    private static long count(String text, String needle) {
        return text.lines().filter(l -> l.contains(needle)).count();
    }
}
