package io.loadlab.target.health;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real Vert.x event loop handed an OutOfMemoryError, as the heap's exhaustion throws it in a handler: liveness goes
 * DOWN naming it and stays DOWN. An ordinary exception on the same loop leaves it UP (a client's bad input is no reason
 * to restart). Before issue 42 nothing recorded either and liveness stayed UP after the acceptor died.
 */
class FatalErrorsTest {

    @Test
    void anOutOfMemoryErrorOnAnEventLoopTurnsLivenessDownForGood() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            FatalErrors errors = new FatalErrors();
            errors.watch(vertx);
            FatalErrorLiveness liveness = new FatalErrorLiveness(errors);
            Context loop = vertx.getOrCreateContext();

            throwOn(loop, new IllegalStateException("a client's mistake"));
            assertEquals(HealthCheckResponse.Status.UP, liveness.call().getStatus());

            throwOn(loop, new OutOfMemoryError("Java heap space"));
            HealthCheckResponse down = liveness.call();
            assertEquals(HealthCheckResponse.Status.DOWN, down.getStatus());
            String first = String.valueOf(down.getData().orElseThrow().get("first"));
            assertTrue(first.contains("OutOfMemoryError") && first.contains("vert.x-eventloop-thread"), first);

            throwOn(loop, new IllegalStateException("later"));
            assertEquals(HealthCheckResponse.Status.DOWN, liveness.call().getStatus());
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    /** Throws {@code failure} from a handler on {@code loop}, then waits until the loop ran a task after it. */
    private static void throwOn(Context loop, Throwable failure) throws InterruptedException {
        loop.runOnContext(v -> {
            if (failure instanceof Error error) {
                throw error;
            }
            throw (RuntimeException) failure;
        });
        CountDownLatch after = new CountDownLatch(1);
        loop.runOnContext(v -> after.countDown());
        assertTrue(after.await(10, TimeUnit.SECONDS), "the event loop did not run on");
    }
}
