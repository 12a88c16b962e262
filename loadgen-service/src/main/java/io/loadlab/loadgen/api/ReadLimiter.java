package io.loadlab.loadgen.api;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * Bounds the heavy reads answered at once ({@code loadgen.api.max-concurrent-reads}): reads are open to anyone and
 * share the process with a measurement, so a burst of them is refused, never queued. One over the limit gets 429
 * (not a 5xx: nothing is wrong with the loadgen) with {@code Retry-After: 1}.
 */
@ApplicationScoped
public class ReadLimiter {

    static final int RETRY_AFTER_SECONDS = 1;

    private final Semaphore permits;
    private final int limit;

    @Inject
    public ReadLimiter(ApiConfig config) {
        this(config.maxConcurrentReads());
    }

    ReadLimiter(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("loadgen.api.max-concurrent-reads must be at least 1, was " + limit);
        }
        this.limit = limit;
        this.permits = new Semaphore(limit);
    }

    /**
     * Runs {@code read} while holding one of the permits; build the whole answer inside it.
     *
     * @throws ApiException 429 when every permit is held
     */
    public <T> T read(Supplier<T> read) {
        if (!permits.tryAcquire()) {
            throw new ApiException(ApiError.of(429, limit + " reads are being answered (loadgen.api.max-concurrent-reads);"
                    + " retry after " + RETRY_AFTER_SECONDS + " s"), RETRY_AFTER_SECONDS);
        }
        try {
            return read.get();
        } finally {
            permits.release();
        }
    }
}
