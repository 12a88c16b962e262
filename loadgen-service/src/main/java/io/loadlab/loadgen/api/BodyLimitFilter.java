package io.loadlab.loadgen.api;

import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Answers an oversized request with a JSON 413 before its body is read. Vert.x enforces the same
 * {@code quarkus.http.limits.max-body-size} for chunked bodies, which announce no length.
 */
@ApplicationScoped
public class BodyLimitFilter {

    @Inject
    @ConfigProperty(name = "quarkus.http.limits.max-body-size", defaultValue = "10240K")
    MemorySize limit;

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::limit);
    }

    void limit(RoutingContext rc) {
        String length = rc.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        long bytes;
        try {
            bytes = length == null ? -1 : Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            bytes = -1;
        }
        if (bytes > limit.asLongValue()) {
            rc.response().setStatusCode(413).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                    .putHeader(HttpHeaders.CONNECTION, "close")
                    .end("{\"code\":413,\"msg\":\"request body of " + bytes + " bytes is over the limit of "
                            + limit.asLongValue() + " bytes (quarkus.http.limits.max-body-size)\"}");
            return;
        }
        rc.next();
    }
}
