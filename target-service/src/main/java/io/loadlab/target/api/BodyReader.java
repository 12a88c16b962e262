package io.loadlab.target.api;

import io.loadlab.target.TargetConfig;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.function.BiConsumer;

/**
 * Reads a request body within its bounds, in place of Vert.x Web's BodyHandler (which bounds each body alone and
 * reserves the declared Content-Length up front): at most {@code target.max-body-bytes} per request (413), at most
 * {@code target.body.max-connection-bytes} of unfinished bodies per connection and {@link BodyBudget}'s for the process
 * (503), and the whole body within {@code target.body.timeout} of its headers (408, the connection closed), so PINGs or
 * a trickle cannot keep a body open. Refusals fail the route with a {@link BadInput}; a client that resets or closes
 * mid-body costs a DEBUG line (it was an ERROR with a stack trace per stream, issue 42).
 */
@ApplicationScoped
public class BodyReader {

    private static final Logger LOG = Logger.getLogger(BodyReader.class);

    private final Vertx vertx;
    private final BodyBudget budget;
    private final int maxBodyBytes;
    private final long maxConnectionBytes;
    private final long timeoutMillis;
    private final BadInput tooLarge;
    private final BadInput late;
    private final BadInput connectionFull;
    private final BadInput processFull;

    public BodyReader(Vertx vertx, BodyBudget budget, TargetConfig config) {
        this.vertx = vertx;
        this.budget = budget;
        this.maxBodyBytes = config.maxBodyBytes();
        this.maxConnectionBytes = config.body().maxConnectionBytes();
        this.timeoutMillis = Math.max(1, config.body().timeout().toMillis());
        // One instance each: BadInput has no stack trace, and refusals under attack should cost nothing new.
        this.tooLarge = new BadInput(413, "body must not exceed " + maxBodyBytes + " bytes");
        this.late = new BadInput(408, "body not complete within " + config.body().timeout().toMillis()
                + " ms (target.body.timeout)");
        this.connectionFull = new BadInput(503, "bodies still arriving on this connection exceed " + maxConnectionBytes
                + " bytes (target.body.max-connection-bytes)");
        this.processFull = new BadInput(503, "bodies still arriving exceed " + budget.limit()
                + " bytes in all (target.body.max-total-bytes)");
    }

    /** Reads the body of {@code ctx}'s request, then hands it to {@code then}; or fails the route with a BadInput. */
    public void read(RoutingContext ctx, BiConsumer<RoutingContext, Buffer> then) {
        HttpServerRequest request = ctx.request();
        if (declaredTooLarge(request.getHeader(HttpHeaders.CONTENT_LENGTH))) {
            ctx.fail(413, tooLarge);
            return;
        }
        if (request.isEnded()) {
            then.accept(ctx, Buffer.buffer(0)); // made per empty body: a held one went into the native image heap
            return;
        }
        HttpConnection connection = request.connection();
        ConnectionBodies bodies = ConnectionBodies.of(connection instanceof ConnectionBase base ? base.channel() : null);
        new Arrival(ctx, bodies, then).start();
    }

    /** A Content-Length over the limit is refused before any byte of it is read. */
    private boolean declaredTooLarge(String declared) {
        if (declared == null) {
            return false;
        }
        try {
            return Long.parseLong(declared.strip()) > maxBodyBytes;
        } catch (NumberFormatException e) {
            return false; // Vert.x's codec refuses what it cannot frame; the read below bounds the rest
        }
    }

    /** One request's body on its way in; every callback runs on the connection's event loop. */
    private final class Arrival {

        private final RoutingContext ctx;
        private final ConnectionBodies bodies;
        private final BiConsumer<RoutingContext, Buffer> then;
        private Buffer body;
        private long held;
        private boolean done;
        private long timer;

        Arrival(RoutingContext ctx, ConnectionBodies bodies, BiConsumer<RoutingContext, Buffer> then) {
            this.ctx = ctx;
            this.bodies = bodies;
            this.then = then;
        }

        void start() {
            HttpServerRequest request = ctx.request();
            timer = vertx.setTimer(timeoutMillis, t -> deadline());
            request.handler(this::chunk);
            request.endHandler(v -> end());
            request.exceptionHandler(this::aborted);
            request.resume();
        }

        private void chunk(Buffer chunk) {
            if (done) {
                return;
            }
            int n = chunk.length();
            if (held + n > maxBodyBytes) {
                refuse(tooLarge);
            } else if (!bodies.take(n, maxConnectionBytes)) {
                refuse(connectionFull);
            } else if (!budget.take(n)) {
                bodies.give(n);
                refuse(processFull);
            } else {
                held += n;
                if (body == null) {
                    body = Buffer.buffer(n);
                }
                body.appendBuffer(chunk);
            }
        }

        private void end() {
            vertx.cancelTimer(timer);
            if (!done) {
                giveBack();
                then.accept(ctx, body == null ? Buffer.buffer(0) : body);
            }
        }

        private void aborted(Throwable failure) {
            vertx.cancelTimer(timer);
            if (!done) {
                giveBack();
                LOG.debugf("request body aborted by the client: %s", failure);
            }
        }

        /**
         * The body is late: 408 if it was still being read; if it was refused already and the client still sends it
         * (an h2 stream's request side stays open after our answer), the connection is closed without another answer.
         */
        private void deadline() {
            if (!done) {
                refuse(late);
            } else if (!ctx.request().isEnded()) {
                ctx.request().connection().close();
            }
        }

        /** Answers {@code why}; the deadline stays armed: a refused body must still end in time. */
        private void refuse(BadInput why) {
            if (!done) {
                giveBack();
                body = null;
                ctx.fail(why.status(), why);
            }
        }

        /** Gives back what this body held: once, whichever of end, abort, refusal or deadline comes first. */
        private void giveBack() {
            done = true;
            bodies.give(held);
            budget.give(held);
            held = 0;
        }
    }
}
