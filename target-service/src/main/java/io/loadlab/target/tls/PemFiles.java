package io.loadlab.target.tls;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;

/**
 * A certificate file and its key file, as {@code kubectl create secret tls} mounts them ({@code tls.crt},
 * {@code tls.key}). Each read is capped: a chain of a few certificates is a few KB, so 1 MiB is far above any real
 * one and bounds what a wrong path (a log, a device) can make the server hold.
 *
 * @param cert the PEM certificate chain, leaf first
 * @param key  its PEM private key
 */
public record PemFiles(Path cert, Path key) {

    static final int MAX_BYTES = 1 << 20;

    public PemFiles {
        Objects.requireNonNull(cert, "cert");
        Objects.requireNonNull(key, "key");
    }

    /** Neither file exists: an optional Secret that was never created. */
    public boolean absent() {
        return !Files.exists(cert) && !Files.exists(key);
    }

    /** Both files' bytes now, for telling a change apart; fails naming the file that cannot be read. */
    public Contents read() {
        return new Contents(bytes(cert, "target.https.cert-file"), bytes(key, "target.https.key-file"));
    }

    /** Reads and checks the pair; fails naming the file (and the setting) at fault. */
    public ServerCertificate load(Vertx vertx) {
        return read().certificate(vertx, this);
    }

    private static byte[] bytes(Path file, String setting) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new IllegalArgumentException(setting + " " + file + " is over " + MAX_BYTES + " bytes: not a PEM file");
            }
            return bytes;
        } catch (IOException e) {
            throw new IllegalArgumentException(setting + " " + file + " cannot be read: " + e, e);
        }
    }

    /** The two files' bytes as read at one moment. */
    public record Contents(byte[] cert, byte[] key) {

        ServerCertificate certificate(Vertx vertx, PemFiles files) {
            return ServerCertificate.of(vertx, Buffer.buffer(cert), Buffer.buffer(key),
                    "target.https.cert-file " + files.cert() + " with target.https.key-file " + files.key());
        }

        /** Same bytes in both files. */
        boolean same(Contents other) {
            return other != null && Arrays.equals(cert, other.cert) && Arrays.equals(key, other.key);
        }
    }
}
