package io.loadlab.cli.job;

import io.loadlab.cli.api.ApiException;
import io.loadlab.cli.api.LoadgenClient;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Ctrl-C cancels the job on the server: a shutdown hook (the JVM runs hooks on SIGINT and SIGTERM, then exits 130 or
 * 143) that DELETEs the job while it is still active. The job is armed once posted and disarmed once it has finished,
 * so an interrupted command never leaves a run going on the loadgen, and a finished one is never deleted.
 *
 * <p>Ctrl-C while the POST is still under way: the hook waits for its answer (at most the request's own deadline) and
 * cancels what it created. Before, it found nothing armed and exited, and the run it had just started kept the
 * loadgen's only job slot (3 of 13 tries, issue 42).
 */
public final class Cancellation implements AutoCloseable {

    private final LoadgenClient client;
    private final PrintStream err;
    private final AtomicReference<String> active = new AtomicReference<>();
    /** The path a POST under way will create: completed by {@link #arm}, or with null by {@link #postFailed}. */
    private final CompletableFuture<String> posted = new CompletableFuture<>();
    private volatile boolean posting;
    private final Duration postDeadline;
    private final Runnable then;
    private final Thread hook;

    /**
     * @param postDeadline how long the POST may take, all of it: what the hook waits for its answer at most
     * @param then         run by the hook after the cancel (stopping a {@code --local} loadgen): hooks run in no set order
     */
    public Cancellation(LoadgenClient client, PrintStream err, Duration postDeadline, Runnable then) {
        this.client = client;
        this.err = err;
        this.postDeadline = postDeadline;
        this.then = then;
        this.hook = new Thread(this::interrupted, "loadlab-cancel");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** The job's POST is about to be sent: an interrupt from now waits for its answer and cancels what it made. */
    public void posting() {
        posting = true;
    }

    /** The POST created nothing (refused, or no answer): there is nothing to wait for. */
    public void postFailed() {
        posting = false;
        posted.complete(null);
    }

    /** From now until {@link #disarm()}, an interrupt cancels {@code path} ({@code /runs/{id}}). */
    public void arm(String path) {
        active.set(path);
        posting = false;
        posted.complete(path);
    }

    public void disarm() {
        active.set(null);
    }

    private void interrupted() {
        try {
            cancel();
        } finally {
            then.run();
        }
    }

    private void cancel() {
        String path = active.getAndSet(null);
        if (path == null && posting) {
            path = awaitPosted();
            active.set(null);
        }
        if (path == null) {
            return;
        }
        err.println();
        err.println("interrupted: cancelling " + path + " on " + client.base());
        try {
            client.delete(path);
            err.println("cancelled " + path);
        } catch (ApiException e) {
            err.println("could not cancel " + path + ": " + e.getMessage() + (e.body() == null ? "" : " " + e.body()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        err.flush();
    }

    /** The path the POST under way created, once it answers; null if it failed or took past its deadline. */
    private String awaitPosted() {
        err.println();
        err.println("interrupted while starting the job: waiting for the loadgen's answer to cancel what it started");
        try {
            return posted.get(postDeadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            err.println("no answer within " + postDeadline.toSeconds() + " s: a job it started, if any, runs on");
        }
        return null;
    }

    /** Removes the hook: the command is ending on its own. */
    @Override
    public void close() {
        disarm();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down: the hook runs, finds nothing armed
        }
    }
}
