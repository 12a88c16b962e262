package io.loadlab.target.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.target.TargetConfig;
import io.loadlab.target.answer.AnswerCache;
import io.loadlab.target.metrics.RouteMeters;
import io.vertx.core.Future;
import io.vertx.core.VertxException;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code POST /test/testApi {"number": N}} and {@code GET /test/testApi?number=N}: the API under test.
 *
 * <p>A plain Vert.x route rather than a JAX-RS resource: it answers on the event loop with cached,
 * already-encoded bytes, which is what lets the service come near nginx on the same core. Every other
 * method on the path gets a JSON 405, every unknown path a JSON 404 (Quarkus' own answers are HTML).
 */
@ApplicationScoped
public class AnswerRoutes {

    public static final String PATH = "/test/testApi";
    private static final Logger LOG = Logger.getLogger(AnswerRoutes.class);
    private static final CharSequence JSON_TYPE = HttpHeaders.createOptimized("application/json");
    private static final CharSequence CONTENT_TYPE = HttpHeaders.createOptimized("Content-Type");
    private static final CharSequence ALLOWED = HttpHeaders.createOptimized("GET, POST");

    private final AnswerCache answers;
    private final ObjectMapper mapper;
    private final NumberParser numbers;
    private final RouteMeters meters;
    private final int maxBodyBytes;
    private final AnswerDelay delay;
    private final int maxItems;
    private final boolean direct;
    private final BodyReader bodies;

    public AnswerRoutes(AnswerCache answers, ObjectMapper mapper, TargetConfig config, RouteMeters meters, BodyReader bodies) {
        this.bodies = bodies;
        this.delay = AnswerDelay.of(config.api().delay());
        this.answers = answers;
        this.mapper = mapper;
        this.meters = meters;
        this.numbers = new NumberParser(mapper.getFactory(), config.maxItems());
        this.maxBodyBytes = config.maxBodyBytes();
        this.maxItems = config.maxItems();
        // A delayed answer is sent on a timer, after other requests of the connection may have arrived.
        this.direct = config.api().directAnswer() && config.api().delay().isZero();
    }

    void register(@Observes Router router) {
        router.post(PATH).handler(this::post).failureHandler(this::failed);
        router.get(PATH).handler(this::get).failureHandler(this::failed);
        router.route(PATH).handler(this::methodNotAllowed);
        // After every other route (Quarkus' own under /q included): what nothing answered.
        router.route().order(Integer.MAX_VALUE).handler(ctx -> refuse(ctx.response(), 404, "no such resource"));
    }

    /** The body is read within BodyReader's bounds first; it never holds more than they allow. */
    private void post(RoutingContext ctx) {
        long start = meters.start();
        bodies.read(ctx, (read, body) -> delay.then(read, () -> answerWhenWritable(read, start, body)));
    }

    /**
     * Answers the POST (its body) or the GET (null) now, or once the connection drains ({@link WhenWritable});
     * allocates only to wait.
     */
    private void answerWhenWritable(RoutingContext ctx, long start, Buffer body) {
        if (!WhenWritable.now(ctx)) {
            WhenWritable.later(ctx, () -> answerWhenWritable(ctx, start, body));
        } else if (body != null) {
            answerPost(ctx, start, body);
        } else {
            answerGet(ctx, start);
        }
    }

    private void answerPost(RoutingContext ctx, long start, Buffer body) {
        int read = body.length();
        try {
            int n = numbers.fromBody(ctx.request().getHeader(HttpHeaders.CONTENT_TYPE), body.getBytes());
            meters.record(RouteMeters.POST, protocol(ctx), 200, start, read, ok(ctx.response(), n));
            answerBelowTheRouter(ctx.request());
        } catch (BadInput e) {
            meters.record(RouteMeters.POST, protocol(ctx), e.status(), start, read, refuse(ctx.response(), e.status(), e.getMessage()));
        }
    }

    private void get(RoutingContext ctx) {
        long start = meters.start();
        delay.then(ctx, () -> answerWhenWritable(ctx, start, null));
    }

    private void answerGet(RoutingContext ctx, long start) {
        try {
            int n = numbers.fromQuery(single(ctx.queryParam("number")));
            meters.record(RouteMeters.GET, protocol(ctx), 200, start, 0, ok(ctx.response(), n));
        } catch (BadInput e) {
            meters.record(RouteMeters.GET, protocol(ctx), e.status(), start, 0, refuse(ctx.response(), e.status(), e.getMessage()));
        }
    }

    /**
     * From the second plain POST of a plain HTTP/1.1 connection on, {@link DirectAnswer} answers it. Installed here,
     * once this answer is written, so Vert.x holds nothing of the connection's unanswered.
     */
    private void answerBelowTheRouter(HttpServerRequest request) {
        if (direct && request.version() == HttpVersion.HTTP_1_1 && request.connection() instanceof ConnectionBase connection
                && !connection.isSsl()) {
            DirectAnswer.install(connection.channelHandlerContext().pipeline(), answers, meters, maxItems, maxBodyBytes);
        }
    }

    /** HttpVersion's order is HTTP_1_0, HTTP_1_1, HTTP_2: RouteMeters' version numbers. */
    private static int protocol(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        return RouteMeters.protocol(request.version().ordinal(), request.connection().isSsl());
    }

    private int ok(HttpServerResponse response, int n) {
        Buffer answer = answers.answer(n);
        response.putHeader(CONTENT_TYPE, JSON_TYPE).end(answer);
        return answer.length();
    }

    private void methodNotAllowed(RoutingContext ctx) {
        ctx.response().putHeader(HttpHeaders.ALLOW, ALLOWED);
        if (ctx.request().method() == HttpMethod.HEAD) {
            ctx.response().setStatusCode(405).end();
        } else {
            refuse(ctx.response(), 405, "method must be GET or POST");
        }
    }

    /**
     * BodyReader fails the route with a BadInput for a body over a bound (413, 503) or late (408); Vert.x fails it with an exception for
     * a request it cannot read (a malformed Host header): a client's error, answered 400 without a log line
     * per request. Anything else is ours: 500, logged.
     */
    private void failed(RoutingContext ctx) {
        if (ctx.response().ended()) {
            return;
        }
        int status = ctx.statusCode();
        Throwable failure = ctx.failure();
        if (failure instanceof BadInput refused) {
            closeIfHttp1(ctx);
            Future<Void> sent = send(ctx.response(), refused.status(), encode(new ErrorAnswer(refused.status(), refused.getMessage())));
            afterRefusal(ctx, refused.status(), sent);
        } else if (status == 413) {
            closeIfHttp1(ctx);
            refuse(ctx.response(), 413, "body must not exceed " + maxBodyBytes + " bytes");
        } else if (status >= 400 && status < 500) {
            refuse(ctx.response(), status, "bad request");
        } else if (failure instanceof VertxException || failure instanceof IllegalArgumentException) {
            LOG.debugf("unreadable request refused: %s", failure.getMessage());
            closeIfHttp1(ctx);
            refuse(ctx.response(), 400, "malformed request: " + failure.getMessage());
        } else {
            LOG.error("request to " + PATH + " failed", failure);
            refuse(ctx.response(), 500, "internal error");
        }
    }

    /**
     * Closes an HTTP/1.x connection after this answer (what is left of the request would follow it on the wire). Not
     * on HTTP/2, which forbids connection-specific headers (RFC 9113 8.2.2: curl answered a 413 carrying one with
     * PROTOCOL_ERROR, issue 42) and ends the stream alone.
     */
    private static void closeIfHttp1(RoutingContext ctx) {
        if (ctx.request().version() != HttpVersion.HTTP_2) {
            ctx.response().putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
        }
    }

    /**
     * A late body (408) closes its connection once answered, whatever else it carries, or PINGs and fresh streams would
     * keep it forever. Other refusals leave an h2 stream's request side open (an RST_STREAM after the answer made curl
     * fail with exit 92); BodyReader drops what still comes and closes the connection if it has not ended in time.
     */
    private static void afterRefusal(RoutingContext ctx, int status, Future<Void> sent) {
        if (status == 408) {
            sent.onComplete(done -> ctx.request().connection().close());
        }
    }

    /** Answers the JSON error body; returns its length in bytes. */
    private int refuse(HttpServerResponse response, int status, String message) {
        byte[] body = encode(new ErrorAnswer(status, message));
        send(response, status, body);
        return body.length;
    }

    private static Future<Void> send(HttpServerResponse response, int status, byte[] body) {
        response.headers().set(CONTENT_TYPE, JSON_TYPE);
        return response.setStatusCode(status).end(Buffer.buffer(body));
    }

    private byte[] encode(ErrorAnswer error) {
        try {
            return mapper.writeValueAsBytes(error);
        } catch (JsonProcessingException e) {
            return ("{\"code\":" + error.code() + "}").getBytes(StandardCharsets.UTF_8);
        }
    }

    private static String single(List<String> values) {
        if (values.size() > 1) {
            throw new BadInput(400, "number must be given once");
        }
        return values.isEmpty() ? null : values.get(0);
    }
}
