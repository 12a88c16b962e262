package io.loadlab.cli.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * A loadgen started for one command ({@link LoadgenBinary}: its jar on this JVM, or its native executable) on
 * 127.0.0.1 and a free port, a random 128-bit token, a temporary data dir, its output to a log in that dir. Ready
 * when {@code /q/health/ready} answers 200, within {@code startup}; stopped (SIGTERM, then SIGKILL after 20 s: its
 * shutdown writes its runs) and its directory removed on {@link #close()}.
 */
public final class LocalLoadgen implements AutoCloseable {

    /** util-linux's; it execs the loadgen (a child is never a group leader), so the process stopped is the JVM itself. */
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    private final Process process;
    private final Path dir;
    private final URI url;
    private final String token;
    /** Stops the loadgen should the command be interrupted before {@link #handOver()}: no loadgen outlives it. */
    private final Thread hook;

    private LocalLoadgen(Process process, Path dir, URI url, String token) {
        this.process = process;
        this.dir = dir;
        this.url = url;
        this.token = token;
        this.hook = new Thread(this::stop, "loadlab-local-stop");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * Starts {@code binary} (a jar on {@code java}) and waits until it is ready.
     *
     * @throws IllegalStateException naming the binary when it is missing, or with the log's tail when the loadgen
     *                               exits or is not ready in time
     */
    public static LocalLoadgen start(LoadgenBinary binary, Path java, Duration startup) throws IOException, InterruptedException {
        binary.requirePresent();
        int port = freePort();
        byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        String token = HexFormat.of().formatHex(secret);
        Path dir = Files.createTempDirectory("loadlab-local");
        Path log = dir.resolve("loadgen.log");
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            // a session of its own: Ctrl-C on the terminal reaches the command alone, whose hook cancels the job on
            // this loadgen and then stops it; without it the loadgen, in the same process group, stopped first
            command.add(SETSID.toString());
        }
        command.addAll(binary.command(java, List.of("-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=" + port,
                "-Dloadgen.data-dir=" + dir.resolve("data"))));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        // the token by environment, not on the command line where ps shows it
        pb.environment().put("LOADGEN_API_TOKEN", token);
        LocalLoadgen lg = new LocalLoadgen(pb.start(), dir, URI.create("http://127.0.0.1:" + port), token);
        try {
            lg.awaitReady(startup, log);
        } catch (RuntimeException | InterruptedException e) {
            lg.close();
            throw e;
        }
        return lg;
    }

    public URI url() {
        return url;
    }

    public String token() {
        return token;
    }

    private void awaitReady(Duration startup, Path log) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + startup.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the local loadgen exited with " + process.exitValue() + ":\n" + tail(log));
            }
            // 2 s on the whole exchange, body included (discarded): the client's own timeout ends at the headers
            var call = http.sendAsync(HttpRequest.newBuilder(url.resolve("/q/health/ready")).timeout(Duration.ofSeconds(2))
                    .build(), HttpResponse.BodyHandlers.discarding());
            try {
                if (call.get(2, TimeUnit.SECONDS).statusCode() == 200) {
                    return;
                }
            } catch (ExecutionException | TimeoutException e) {
                call.cancel(true); // not listening yet, or not answering yet
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the local loadgen was not ready within " + startup.toSeconds() + " s:\n" + tail(log));
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * From now the caller's own shutdown hook stops it ({@link #close()}), after cancelling the job on it: hooks run in
     * no set order, so two would race the cancel against the stop.
     */
    public void handOver() {
        removeHook();
    }

    @Override
    public void close() {
        removeHook();
        stop();
    }

    private void removeHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutting down: the hook, if still registered, runs stop() too, which is harmless twice
        }
    }

    private void stop() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp dir left behind is harmless; the command's result is not
        }
    }
}
