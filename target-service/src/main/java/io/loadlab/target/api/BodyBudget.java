package io.loadlab.target.api;

import io.loadlab.target.TargetConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of request bodies still arriving that the whole process may hold ({@code target.body.max-total-bytes},
 * by default an eighth of the heap: 32 MiB at {@code -Xmx256m}, where held h2 bodies reached OutOfMemoryError at about
 * 230 MB). Taken as chunks arrive, given back when the request is answered, refused, reset or closed.
 */
@ApplicationScoped
public class BodyBudget {

    private final long limit;
    private final AtomicLong held = new AtomicLong();

    @Inject
    public BodyBudget(TargetConfig config) {
        this(config.body().maxTotalBytes().orElse(Runtime.getRuntime().maxMemory() / 8));
    }

    BodyBudget(long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("target.body.max-total-bytes must be at least 1, not " + limit);
        }
        this.limit = limit;
    }

    /** Takes {@code bytes} if they fit under the limit; false, taking nothing, if they do not. */
    boolean take(int bytes) {
        long now;
        do {
            now = held.get();
            if (now + bytes > limit) {
                return false;
            }
        } while (!held.compareAndSet(now, now + bytes));
        return true;
    }

    void give(long bytes) {
        held.addAndGet(-bytes);
    }

    /** Bytes held now. */
    public long held() {
        return held.get();
    }

    public long limit() {
        return limit;
    }
}
