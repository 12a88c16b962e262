package io.loadlab.target.health;

import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The first error after which this process cannot be trusted to serve: a {@link VirtualMachineError} thrown on a Vert.x
 * context (an event loop's handler) or one that ended a thread (an acceptor or event loop thread dies of it). Recorded
 * once, never cleared: a heap that ran out once left threads dead that nothing restarts.
 */
@ApplicationScoped
public class FatalErrors {

    private static final Logger LOG = Logger.getLogger(FatalErrors.class);

    private final AtomicReference<String> first = new AtomicReference<>();

    void start(@Observes StartupEvent event, Vertx vertx) {
        watch(vertx);
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, failure) -> {
            record(thread, failure);
            if (before != null) {
                before.uncaughtException(thread, failure);
            } else {
                LOG.errorf(failure, "thread %s ended by an uncaught %s", thread.getName(), failure);
            }
        });
    }

    /** Sees what Vert.x's contexts report, ahead of the handler that was there (Quarkus' logging one). */
    void watch(Vertx vertx) {
        Handler<Throwable> before = vertx.exceptionHandler();
        vertx.exceptionHandler(failure -> {
            record(Thread.currentThread(), failure);
            if (before != null) {
                before.handle(failure);
            }
        });
    }

    /** Records {@code failure} on {@code thread} if it is a VirtualMachineError and the first one. */
    void record(Thread thread, Throwable failure) {
        if (failure instanceof VirtualMachineError && first.compareAndSet(null, failure + " on " + thread.getName())) {
            LOG.errorf("fatal: %s on %s; liveness is DOWN from now on", failure, thread.getName());
        }
    }

    /** The first fatal error and its thread, if any. */
    public Optional<String> first() {
        return Optional.ofNullable(first.get());
    }
}
