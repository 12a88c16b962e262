package io.loadlab.loadgen.api;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * A request must arrive whole within {@code loadgen.api.request-timeout} (30 s) of its head: one that has not is
 * answered 408 and its connection closed. The idle timeout cannot do it for a body (a byte a second resets it) nor
 * can the read timeout (it bounds each blocking read, and each read got its byte): an authenticated body trickled at
 * 1 byte/s stayed open 99 s (issue 42). The timer runs on the connection's own event loop and is cancelled when the
 * answer ends; a whole request whose answer takes longer (a run's start) is not touched.
 */
@ApplicationScoped
public class RequestDeadline {

    @Inject
    ApiConfig api;

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE + 1).handler(this::watch);
    }

    void watch(RoutingContext rc) {
        if (!rc.request().isEnded()) {
            long timer = rc.vertx().setTimer(api.requestTimeout().toMillis(), t -> expire(rc));
            rc.addEndHandler(done -> rc.vertx().cancelTimer(timer));
        }
        rc.next();
    }

    private void expire(RoutingContext rc) {
        HttpServerRequest request = rc.request();
        if (request.isEnded()) {
            return;
        }
        if (!rc.response().headWritten() && !rc.response().closed()) {
            rc.response().setStatusCode(408).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                    .putHeader(HttpHeaders.CONNECTION, "close")
                    .end("{\"code\":408,\"msg\":\"the request did not arrive whole within " + api.requestTimeout().toSeconds()
                            + " s (loadgen.api.request-timeout)\"}");
        }
        request.connection().close();
    }
}
