package io.loadlab.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A peer started by a test (a service jar, nginx, Prometheus): output to a log file, ready when a URL answers 200,
 * stopped with its descendants on {@link #close()} or, should the test JVM be killed, by a shutdown hook.
 * A command that cannot be started fails with its name: the usual cause is a tool not installed.
 * <p>
 * Started by {@link #startInTemp}, it owns its work directory and removes it on close: a CI run left ~90 of them in
 * the system temp dir, 1.1 GB over many runs. Unless it failed: once a wait has failed (died, never ready), the
 * directory stays and the failure names its log, whose tail it quotes too.
 */
public final class LocalProcess implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final String name;
    private final Process process;
    private final Path log;
    private final Thread hook;
    private final Path owned;
    private volatile boolean failed;

    private LocalProcess(String name, Process process, Path log, Path owned) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.owned = owned;
        this.hook = new Thread(this::stop);
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Starts {@code command} in {@code workDir} (created if need be), its output to {@code workDir/name.log}. */
    public static LocalProcess start(String name, List<String> command, Path workDir) {
        return start(name, command, workDir, Map.of());
    }

    /** As {@link #start(String, List, Path)}, with {@code env} added to this JVM's environment. */
    public static LocalProcess start(String name, List<String> command, Path workDir, Map<String, String> env) {
        return start(name, command, workDir, env, null);
    }

    /**
     * As {@link #start(String, List, Path, Map)} in a new directory under the system temp dir, named after
     * {@code name}, removed on {@link #close()} unless a wait failed.
     */
    public static LocalProcess startInTemp(String name, List<String> command, Map<String, String> env) {
        Path dir;
        try {
            dir = Files.createTempDirectory(name + "-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a work directory for " + name, e);
        }
        return start(name, command, dir, env, dir);
    }

    private static LocalProcess start(String name, List<String> command, Path workDir, Map<String, String> env, Path owned) {
        try {
            Files.createDirectories(workDir);
            Path log = workDir.resolve(name + ".log");
            ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            pb.environment().putAll(env);
            return new LocalProcess(name, pb.start(), log, owned);
        } catch (IOException e) {
            TempDirs.remove(owned);
            throw new AssertionError("cannot start " + name + " (is " + command.get(0) + " installed?): " + command, e);
        }
    }

    /** Waits until {@code url} answers 200; fails with the log's tail if the process dies or time runs out. */
    public LocalProcess awaitReady(String url, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            assertAlive();
            try {
                HttpResponse<Void> r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) {
                    return this;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw failure(name + " not ready at " + url + " after " + timeout);
    }

    /**
     * Waits until the log holds {@code line} (a peer ready in a way no URL shows, e.g. a listener opened at startup);
     * fails with the log's tail if the process dies or time runs out.
     */
    public LocalProcess awaitLog(String line, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!log().contains(line)) {
            assertAlive();
            if (System.nanoTime() >= deadline) {
                throw failure(name + " never logged '" + line + "' in " + timeout);
            }
            Thread.sleep(100);
        }
        return this;
    }

    /** Fails with the log's tail when the process has exited. */
    public void assertAlive() {
        if (!process.isAlive()) {
            throw failure(name + " exited with " + process.exitValue());
        }
    }

    /** Keeps the work directory for the one who reads the failure: it names the log and quotes its tail. */
    private ProcessFailedException failure(String what) {
        failed = true;
        return new ProcessFailedException(what + " (log kept: " + log.toAbsolutePath() + "):\n" + logTail(), owned);
    }

    public long pid() {
        return process.pid();
    }

    public Path logFile() {
        return log;
    }

    public String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    public String logTail() {
        List<String> lines = log().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    /** Sends a signal by name ({@code STOP}, {@code CONT}): a server that stops answering for a while, for real. */
    public void signal(String name) throws IOException, InterruptedException {
        int rc = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start().waitFor();
        if (rc != 0) {
            throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed with " + rc);
        }
    }

    /** SIGKILL, no shutdown hook: what a crash or the OOM killer does. */
    public void kill9() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** SIGTERM (its descendants first) and wait: a normal stop, shutdown hooks included. */
    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down: the hook runs stop() again, harmlessly
        }
        if (!failed) {
            TempDirs.remove(owned);
        }
    }

    private void stop() {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            // 20 s: a loadgen's shutdown hook finishes writing its runs before it exits
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
