package io.loadlab.target.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One run of a real client (curl, openssl, h2load) with a deadline: stdout and stderr to files (no pipe to fill),
 * killed and failed at the deadline, failed naming the tool when it is not installed.
 *
 * @param out    what it wrote to stdout, as bytes (a body compared byte for byte)
 * @param err    what it wrote to stderr
 * @param status its exit status
 */
record Tool(byte[] out, String err, int status) {

    static Tool run(Duration timeout, String... command) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("tool");
        Path out = dir.resolve("out");
        Path err = dir.resolve("err");
        Process p;
        try {
            p = new ProcessBuilder(List.of(command)).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        } catch (IOException e) {
            throw new AssertionError(command[0] + " is needed by this test and could not be run (installed?): " + e.getMessage(), e);
        }
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                throw new AssertionError(String.join(" ", command) + " did not end within " + timeout);
            }
            return new Tool(Files.readAllBytes(out), Files.readString(err, StandardCharsets.UTF_8), p.exitValue());
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
            Files.deleteIfExists(dir);
        }
    }

    String text() {
        return new String(out, StandardCharsets.UTF_8);
    }

    /** Fails with what it wrote unless it exited 0. */
    Tool ok() {
        if (status != 0) {
            throw new AssertionError("exit " + status + ": " + err + text());
        }
        return this;
    }

    /** The served certificate's SHA-256 fingerprint on {@code host:port}, as openssl prints it (colon hex, upper case). */
    static String servedFingerprint(String host, int port) throws IOException, InterruptedException {
        Path pem = Files.createTempFile("served", ".pem");
        try {
            Files.write(pem, run(Duration.ofSeconds(30), "openssl", "s_client", "-connect", host + ":" + port,
                    "-servername", "localhost").out);
            String printed = run(Duration.ofSeconds(10), "openssl", "x509", "-in", pem.toString(), "-noout",
                    "-fingerprint", "-sha256").ok().text().strip();
            return printed.substring(printed.indexOf('=') + 1);
        } finally {
            Files.deleteIfExists(pem);
        }
    }
}
