package io.loadlab.target.api;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.RoutingContext;

/**
 * An HTTP/1.x answer of the router written only once its connection takes writes again: Vert.x answers a connection's
 * pipelined requests one after the other whether or not the client reads, so two TLS clients that pipelined 256 large
 * misses each and read nothing had every answer encoded and queued, 170 MB of them on a 256 MB heap (full GCs 0 -> 261,
 * issue 42). Waiting here, such a connection holds its outbound buffer's high-water mark and one answer. Plain
 * HTTP/1.1 connections are held back before Vert.x sees their requests ({@link DirectAnswer}); an h2 connection's
 * answers are bounded only by the streams it may open (256), not by its window: not done here.
 *
 * <p>The channel's own writability decides, not {@code response.writeQueueFull()}: Vert.x learns of a change by an
 * event that comes after the write, too late for the next pipelined request, which it begins in the same call.
 */
final class WhenWritable {

    private WhenWritable() {
    }

    /** Whether an answer may be written now: an h2 stream, or a connection that takes writes. */
    static boolean now(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        return request.version() == HttpVersion.HTTP_2 || !(request.connection() instanceof ConnectionBase connection)
                || connection.channel().isWritable();
    }

    /** Runs {@code answer} once the connection drains, unless the response closed first; when {@link #now} is false. */
    static void later(RoutingContext ctx, Runnable answer) {
        HttpServerResponse response = ctx.response();
        response.drainHandler(drained -> {
            response.drainHandler(null);
            if (!response.closed() && !response.ended()) {
                answer.run();
            }
        });
    }
}
