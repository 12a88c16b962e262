package io.loadlab.loadgen.api;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A small tmpfs mounted for one test (needs root: {@code mount -t tmpfs -o size=...}), so a data dir can be
 * filled to its last byte or remounted read-only for real. Unmounted and removed on close.
 */
public final class Tmpfs implements AutoCloseable {

    private final Path dir;

    private Tmpfs(Path dir) {
        this.dir = dir;
    }

    public static Tmpfs mount(String size) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("loadgen-tmpfs");
        sh("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString());
        return new Tmpfs(dir);
    }

    public Path dir() {
        return dir;
    }

    void readOnly() throws IOException, InterruptedException {
        sh("mount", "-o", "remount,ro", dir.toString());
    }

    void readWrite() throws IOException, InterruptedException {
        sh("mount", "-o", "remount,rw", dir.toString());
    }

    /** Writes {@code file} until the file system refuses another byte; returns the bytes written. */
    long fill(Path file) throws IOException {
        long written = 0;
        byte[] page = new byte[4096];
        try (OutputStream out = Files.newOutputStream(file)) {
            try {
                while (true) {
                    out.write(page);
                    out.flush();
                    written += page.length;
                }
            } catch (IOException full) {
                // the last page did not fit; now byte by byte
            }
            try {
                while (true) {
                    out.write(0);
                    out.flush();
                    written++;
                }
            } catch (IOException full) {
                return written;
            }
        } catch (IOException closeOfAFullFile) {
            return written;
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        sh("umount", dir.toString());
        Files.deleteIfExists(dir);
    }

    private static void sh(String... command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IllegalStateException(command[0] + " is required for this test (util-linux)", e);
        }
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", List.of(command)) + " failed (this test needs root): "
                    + new String(p.getInputStream().readAllBytes()));
        }
    }
}
