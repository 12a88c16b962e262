package io.loadlab.target.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.target.TargetConfig;
import io.loadlab.target.answer.AnswerCache;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.List;

/**
 * {@code POST /test/testApi {"number": N}} and {@code GET /test/testApi?number=N}: the API under test.
 *
 * <p>A plain Vert.x route rather than a JAX-RS resource: it answers on the event loop with cached,
 * already-encoded bytes, which is what lets the service come near nginx on the same core.
 */
@ApplicationScoped
public class TestApiRoutes {

    public static final String PATH = "/test/testApi";
    private static final String JSON = "application/json";
    private static final CharSequence JSON_UTF8 = HttpHeaders.createOptimized("application/json");
    private static final CharSequence CONTENT_TYPE = HttpHeaders.createOptimized("Content-Type");

    private final AnswerCache answers;
    private final ObjectMapper mapper;
    private final NumberParser numbers;
    private final int maxBodyBytes;

    public TestApiRoutes(AnswerCache answers, ObjectMapper mapper, TargetConfig config) {
        this.answers = answers;
        this.mapper = mapper;
        this.numbers = new NumberParser(mapper.getFactory(), config.maxItems());
        this.maxBodyBytes = config.maxBodyBytes();
    }

    void register(@Observes Router router) {
        // Vert.x runs the body handler first; it never buffers more than the limit.
        router.post(PATH).handler(BodyHandler.create(false).setBodyLimit(maxBodyBytes))
                .handler(this::requireJson)
                .handler(ctx -> answer(ctx, () -> numbers.fromJson(bodyBytes(ctx))))
                .failureHandler(this::failed);
        router.get(PATH).handler(ctx -> answer(ctx, () -> numbers.fromQuery(single(ctx.queryParam("number")))));
    }

    private void requireJson(RoutingContext ctx) {
        String type = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
        if (type == null || !type.regionMatches(true, 0, JSON, 0, JSON.length())) {
            refuse(ctx.response(), 415, "Content-Type must be application/json");
            return;
        }
        ctx.next();
    }

    private void answer(RoutingContext ctx, NumberSource source) {
        int n;
        try {
            n = source.number();
        } catch (BadInput e) {
            refuse(ctx.response(), e.status(), e.getMessage());
            return;
        }
        ctx.response().putHeader(CONTENT_TYPE, JSON_UTF8).end(answers.answer(n));
    }

    /** BodyHandler fails the route with 413 for a body over the limit; everything else unforeseen is still JSON. */
    private void failed(RoutingContext ctx) {
        if (ctx.response().ended()) {
            return;
        }
        int status = ctx.statusCode();
        if (status == 413) {
            ctx.response().putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
            refuse(ctx.response(), 413, "body must not exceed " + maxBodyBytes + " bytes");
        } else if (status >= 400 && status < 500) {
            refuse(ctx.response(), status, "bad request");
        } else {
            refuse(ctx.response(), 500, "internal error");
        }
    }

    private void refuse(HttpServerResponse response, int status, String message) {
        MultiMap headers = response.headers();
        headers.set(CONTENT_TYPE, JSON_UTF8);
        response.setStatusCode(status).end(Buffer.buffer(encode(new ErrorAnswer(status, message))));
    }

    private byte[] encode(ErrorAnswer error) {
        try {
            return mapper.writeValueAsBytes(error);
        } catch (JsonProcessingException e) {
            return ("{\"code\":" + error.code() + "}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private static byte[] bodyBytes(RoutingContext ctx) {
        Buffer body = ctx.body().buffer();
        return body == null ? new byte[0] : body.getBytes();
    }

    private static String single(List<String> values) {
        if (values.size() > 1) {
            throw new BadInput(400, "number must be given once");
        }
        return values.isEmpty() ? null : values.get(0);
    }

    /** Where the requested number comes from: a JSON body or the query string. */
    @FunctionalInterface
    private interface NumberSource {
        int number();
    }
}
