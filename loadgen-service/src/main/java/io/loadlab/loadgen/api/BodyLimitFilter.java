package io.loadlab.loadgen.api;

import io.loadlab.loadgen.data.DataConfig;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Answers an oversized request with a JSON 413 before its body is read: a data file's upload
 * ({@code POST /data/{name}}) over {@code loadgen.data.max-file-bytes}, any other body over
 * {@code loadgen.api.max-body-bytes}. Vert.x enforces {@code quarkus.http.limits.max-body-size} (at least the larger
 * of the two) for chunked bodies, which announce no length; {@link JsonBody} holds a chunked spec to its own limit.
 */
@ApplicationScoped
public class BodyLimitFilter {

    @Inject
    ApiConfig api;

    @Inject
    DataConfig data;

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
        boolean upload = rc.request().method() == HttpMethod.POST && rc.request().path() != null
                && rc.request().path().startsWith("/data/");
        long limit = upload ? data.maxFileBytes() : api.maxBodyBytes();
        if (bytes > limit) {
            rc.response().setStatusCode(413).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                    .putHeader(HttpHeaders.CONNECTION, "close")
                    .end("{\"code\":413,\"msg\":\"request body of " + bytes + " bytes is over the limit of "
                            + limit + " bytes (" + (upload ? "loadgen.data.max-file-bytes" : "loadgen.api.max-body-bytes")
                            + ")\"}");
            return;
        }
        rc.next();
    }
}
