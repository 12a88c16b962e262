package io.loadlab.loadgen.api;

import jakarta.ws.rs.core.Response;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The answer to {@code DELETE} of any job: 409 when it had already finished (a client learns it ended on its own),
 * 200 with the stopped job when it stops within the wait, else 202 with the job as it stands. The caller builds those
 * two answers, so each body keeps its type where NativeReadinessTest can see what reaches Jackson.
 */
final class CancelAnswer {

    private CancelAnswer() {
    }

    /**
     * @param stopping        the registry's cancel: empty when the job had already finished
     * @param alreadyFinished the 409's message
     * @param stopped         the 200 of a job stopped in time
     * @param stillStopping   the 202 of a job still stopping after {@code wait}
     */
    static <J> CompletionStage<Response> of(Optional<CompletionStage<J>> stopping, String alreadyFinished,
                                            Duration wait, Function<J, Response> stopped,
                                            Supplier<Response> stillStopping) {
        return stopping.orElseThrow(() -> new ApiException(409, alreadyFinished))
                .toCompletableFuture()
                .thenApply(stopped)
                .completeOnTimeout(null, wait.toMillis(), TimeUnit.MILLISECONDS)
                .thenApply(r -> r != null ? r : stillStopping.get());
    }
}
