package io.loadlab.cli.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The calls the command line makes. Writes carry the bearer token; reads do not, so what is written to files (a CI
 * artifact) has the spec's header values and bodies redacted as the API shows them to any reader.
 * Each exchange is bounded as a whole by {@code deadline} (the JDK client's own timeout ends at the headers, not the
 * body) and reads at most {@link #MAX_BODY} bytes: a finished run's record with an hour's series is about 400 KB.
 */
public final class LoadgenClient {

    /** 32 MiB: 80 times the largest record measured (an hour's run, 400 KB), small beside any CI runner's heap. */
    public static final long MAX_BODY = 32L * 1024 * 1024;

    private final URI base;
    private final String token;
    private final Duration deadline;
    private final HttpClient http;
    private final ObjectMapper json = new ObjectMapper();

    /**
     * @param base     the loadgen, {@code http://127.0.0.1:8090}
     * @param token    the bearer token for writes; null sends none (the API answers 401, shown to the user)
     * @param deadline for each whole exchange
     */
    public LoadgenClient(URI base, String token, Duration deadline) {
        this.base = base;
        this.token = token;
        this.deadline = deadline;
        this.http = HttpClient.newBuilder().connectTimeout(deadline).build();
    }

    public URI base() {
        return base;
    }

    /** POSTs a JSON body; the answer's JSON when 2xx. */
    public JsonNode post(String path, byte[] body) throws ApiException, InterruptedException {
        HttpRequest.Builder b = request(path, "application/json").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        return parse("POST " + path, send("POST " + path, authorized(b).build()));
    }

    /** GETs JSON; the answer's JSON when 2xx. */
    public JsonNode json(String path) throws ApiException, InterruptedException {
        return parse("GET " + path, send("GET " + path, request(path, "application/json").GET().build()));
    }

    /** GETs {@code path} as {@code accept} (text/plain, text/html); the body when 2xx. */
    public String text(String path, String accept) throws ApiException, InterruptedException {
        return send("GET " + path, request(path, accept).GET().build());
    }

    /** DELETEs with the token; the answer's body when 2xx. */
    public String delete(String path) throws ApiException, InterruptedException {
        return send("DELETE " + path, authorized(request(path, "application/json").DELETE()).build());
    }

    private HttpRequest.Builder request(String path, String accept) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(deadline).header("Accept", accept);
    }

    private HttpRequest.Builder authorized(HttpRequest.Builder b) {
        return token == null ? b : b.header("Authorization", "Bearer " + token);
    }

    private String send(String what, HttpRequest request) throws ApiException, InterruptedException {
        CompletableFuture<HttpResponse<byte[]>> call = http.sendAsync(request, CappedBody.handler(MAX_BODY));
        HttpResponse<byte[]> r;
        try {
            r = call.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            call.cancel(true);
            throw new ApiException(what + " to " + base + ": no whole answer within " + deadline.toMillis() + " ms", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new ApiException(what + " to " + base + " failed: " + describe(cause), cause);
        }
        String body = new String(r.body(), StandardCharsets.UTF_8);
        if (r.statusCode() / 100 != 2) {
            throw new ApiException(what + " answered " + r.statusCode(), r.statusCode(), body);
        }
        return body;
    }

    private JsonNode parse(String what, String body) throws ApiException {
        try {
            return json.readTree(body);
        } catch (IOException e) {
            throw new ApiException(what + " answered something not JSON: " + e.getMessage(), e);
        }
    }

    private static String describe(Throwable t) {
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }
}
