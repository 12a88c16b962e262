package io.loadlab.target.api;

import io.loadlab.common.limit.Allowance;
import io.loadlab.target.TargetConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The bytes of request bodies still arriving that the whole process may hold ({@code target.body.max-total-bytes},
 * by default an eighth of the heap: 32 MiB at {@code -Xmx256m}, where held h2 bodies reached OutOfMemoryError at about
 * 230 MB). Taken as chunks arrive, given back when the request is answered, refused, reset or closed.
 */
@ApplicationScoped
public class BodyBudget {

    private final Allowance bytes;

    @Inject
    public BodyBudget(TargetConfig config) {
        this(config.body().maxTotalBytes().orElse(Runtime.getRuntime().maxMemory() / 8));
    }

    BodyBudget(long limit) {
        this.bytes = new Allowance(limit, "target.body.max-total-bytes");
    }

    /** Takes {@code n} bytes if they fit under the limit; false, taking nothing, if they do not. */
    boolean take(int n) {
        return bytes.tryTake(n);
    }

    void give(long n) {
        bytes.giveBack(n);
    }

    /** Bytes held now. */
    public long held() {
        return bytes.held();
    }

    public long limit() {
        return bytes.limit();
    }
}
