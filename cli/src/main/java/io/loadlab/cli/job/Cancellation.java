package io.loadlab.cli.job;

import io.loadlab.cli.api.ApiException;
import io.loadlab.cli.api.LoadgenClient;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Ctrl-C cancels the job on the server: a shutdown hook (the JVM runs hooks on SIGINT and SIGTERM, then exits 130 or
 * 143) that DELETEs the job while it is still active. The job is armed once posted and disarmed once it has finished,
 * so an interrupted command never leaves a run going on the loadgen, and a finished one is never deleted.
 */
public final class Cancellation implements AutoCloseable {

    private final LoadgenClient client;
    private final PrintStream err;
    private final AtomicReference<String> active = new AtomicReference<>();
    private final Runnable then;
    private final Thread hook;

    /** @param then run by the hook after the cancel (stopping a {@code --local} loadgen): hooks run in no set order */
    public Cancellation(LoadgenClient client, PrintStream err, Runnable then) {
        this.client = client;
        this.err = err;
        this.then = then;
        this.hook = new Thread(this::interrupted, "loadlab-cancel");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** From now until {@link #disarm()}, an interrupt cancels {@code path} ({@code /runs/{id}}). */
    public void arm(String path) {
        active.set(path);
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
