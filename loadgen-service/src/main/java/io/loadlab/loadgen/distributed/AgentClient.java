package io.loadlab.loadgen.distributed;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.scrape.BoundedBody;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The controller's calls to its agents, over the JDK's {@link HttpClient} (the one the service shares: a client
 * owns a selector thread and a pool). Every call carries the API token, so an agent treats the controller as
 * any caller and applies its own allowlist and limits to it. Calls are blocking and bounded by
 * {@code timeout} on the whole exchange, body included ({@link HttpRequest#timeout} alone covers the headers: an
 * agent that sent headers and 4 of 1000 bytes held a controller 69 s and more, issue 22), and by
 * {@link #MAX_ANSWER_BYTES} on what is read. Interrupting the calling thread aborts the call in flight. The
 * controller makes them from its own threads, never from an event loop.
 * <pre>
 * GET    /agent/info                         {@link AgentInfo}
 * GET    /agent/clock                        {@link ClockReading}
 * POST   /agent/runs                         {@link AgentRunRequest} -> {@link AgentRunStarted}
 * GET    /agent/runs/{id}/intervals?from=k[&amp;report=true]   {@link IntervalBatch}
 * POST   /agent/runs/{id}/heartbeat          204
 * DELETE /agent/runs/{id}                    204
 * </pre>
 */
public final class AgentClient {

    private static final String JSON = "application/json";
    /** One interval's JSON at most: four histograms of a wide spread at 500,000 values a second, about 40 KiB. */
    static final int MAX_INTERVAL_BYTES = 40 * 1024;
    /**
     * An answer is read up to this size and refused beyond: an agent answers at most
     * {@link IntervalBatch#MAX_INTERVALS} intervals per call (4,000 KiB) plus its state and a failure message (64 KiB
     * is generous), about 4 MiB; the controller asks every second, for one or two. It was 16 MiB, and a 15 MiB
     * failure string made a 2 s run's record 47 MB (issue 22).
     */
    static final int MAX_ANSWER_BYTES = IntervalBatch.MAX_INTERVALS * MAX_INTERVAL_BYTES + 64 * 1024;
    /**
     * What a part's own report may add to the answer that carries it (asked only by a kind that merges the parts'
     * reports: http's never is). The biggest is a part of the longest run ({@code loadgen.limits.max-duration}, 1 h)
     * with a point per second: a UDP report's series of 3,600 points at their widest is about 0.6 MiB
     * ({@code AgentClientTest} measures it); 4 MiB leaves an iperf report's per-direction intervals room too.
     */
    static final int MAX_REPORT_BYTES = 4 * 1024 * 1024;

    private final HttpClient http;
    private final ObjectMapper json;
    private final NanoClock clock;
    private final String token;
    private final Duration timeout;

    /**
     * @param token   the bearer token the agents expect (the service's own {@code LOADGEN_API_TOKEN})
     * @param timeout for each call, answer included
     */
    public AgentClient(HttpClient http, ObjectMapper json, NanoClock clock, String token, Duration timeout) {
        this.http = Objects.requireNonNull(http, "http");
        this.json = Objects.requireNonNull(json, "json");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.token = Objects.requireNonNull(token, "token");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    public AgentInfo info(AgentEndpoint agent) throws AgentCallException {
        return call(agent, "GET /agent/info", get(agent, "/agent/info"), AgentInfo.class);
    }

    /**
     * {@code samples} NTP-style exchanges, sequential, and the offset of the best round trip.
     *
     * @throws IllegalArgumentException when {@code samples} is below 1
     */
    public ClockOffset clockOffset(AgentEndpoint agent, int samples) throws AgentCallException {
        if (samples < 1) {
            throw new IllegalArgumentException("samples must be at least 1, was " + samples);
        }
        List<ClockSample> taken = new ArrayList<>(samples);
        for (int i = 0; i < samples; i++) {
            HttpRequest request = get(agent, "/agent/clock");
            long sent = clock.nanoTime();
            ClockReading r = call(agent, "GET /agent/clock", request, ClockReading.class);
            long returned = clock.nanoTime();
            try {
                taken.add(new ClockSample(sent, r.receivedNanos(), r.repliedNanos(), returned));
            } catch (IllegalArgumentException e) {
                throw new AgentCallException(agent.address(), "GET /agent/clock", e);
            }
        }
        return ClockOffset.estimate(taken);
    }

    public AgentRunStarted start(AgentEndpoint agent, AgentRunRequest run) throws AgentCallException {
        HttpRequest request = request(agent, "/agent/runs")
                .header("Content-Type", JSON)
                .POST(HttpRequest.BodyPublishers.ofString(write(run), StandardCharsets.UTF_8))
                .build();
        return call(agent, "POST /agent/runs", request, AgentRunStarted.class);
    }

    /** The intervals from index {@code from} on, without the part's report. */
    public IntervalBatch intervals(AgentEndpoint agent, String runId, long from) throws AgentCallException {
        return intervals(agent, runId, from, false);
    }

    /**
     * The intervals from index {@code from} on.
     *
     * @param withReport asks for the part's own report in its complete batch, read up to {@link #MAX_REPORT_BYTES}
     *                   more
     */
    public IntervalBatch intervals(AgentEndpoint agent, String runId, long from, boolean withReport)
            throws AgentCallException {
        String call = "GET /agent/runs/" + runId + "/intervals";
        String path = runPath(runId) + "/intervals?from=" + from + (withReport ? "&report=true" : "");
        return call(agent, call, get(agent, path), IntervalBatch.class,
                withReport ? MAX_ANSWER_BYTES + MAX_REPORT_BYTES : MAX_ANSWER_BYTES);
    }

    /** Renews the agent's lease on the run. */
    public void heartbeat(AgentEndpoint agent, String runId) throws AgentCallException {
        HttpRequest request = request(agent, runPath(runId) + "/heartbeat")
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        send(agent, "POST /agent/runs/" + runId + "/heartbeat", request);
    }

    public void cancel(AgentEndpoint agent, String runId) throws AgentCallException {
        send(agent, "DELETE /agent/runs/" + runId, request(agent, runPath(runId)).DELETE().build());
    }

    private static String runPath(String runId) {
        if (!runId.matches("[A-Za-z0-9._-]{1,64}")) { // an id from an agent's answer goes into a path
            throw new IllegalArgumentException("not a run id: " + runId);
        }
        return "/agent/runs/" + runId;
    }

    private HttpRequest get(AgentEndpoint agent, String path) {
        return request(agent, path).header("Accept", JSON).GET().build();
    }

    private HttpRequest.Builder request(AgentEndpoint agent, String path) {
        URI uri = agent.resolve(path);
        return HttpRequest.newBuilder(uri).timeout(timeout).header("Authorization", "Bearer " + token);
    }

    private <T> T call(AgentEndpoint agent, String call, HttpRequest request, Class<T> type) throws AgentCallException {
        return call(agent, call, request, type, MAX_ANSWER_BYTES);
    }

    private <T> T call(AgentEndpoint agent, String call, HttpRequest request, Class<T> type, int maxBytes)
            throws AgentCallException {
        byte[] body = send(agent, call, request, maxBytes);
        try {
            return json.readValue(body, type);
        } catch (IOException | IllegalArgumentException e) {
            throw new AgentCallException(agent.address(), call + " (unreadable answer)", e);
        }
    }

    /** The answer's body, once its status is 2xx; the whole exchange within {@code timeout}. */
    private byte[] send(AgentEndpoint agent, String call, HttpRequest request) throws AgentCallException {
        return send(agent, call, request, MAX_ANSWER_BYTES);
    }

    private byte[] send(AgentEndpoint agent, String call, HttpRequest request, int maxBytes) throws AgentCallException {
        CompletableFuture<HttpResponse<byte[]>> exchange =
                http.sendAsync(request, info -> new BoundedBody(maxBytes));
        HttpResponse<byte[]> response;
        try {
            response = exchange.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            exchange.cancel(true); // closes the connection: the stalled agent's socket is not left to the pool
            throw new AgentCallException(agent.address(), call, "no whole answer within " + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof BoundedBody.TooLarge) {
                throw new AgentCallException(agent.address(), call, cause.getMessage());
            }
            throw new AgentCallException(agent.address(), call, cause);
        } catch (InterruptedException e) {
            exchange.cancel(true);
            Thread.currentThread().interrupt();
            throw new AgentCallException(agent.address(), call, e);
        }
        int status = response.statusCode();
        if (status / 100 != 2) {
            throw new AgentCallException(agent.address(), call, status, new String(response.body(), StandardCharsets.UTF_8));
        }
        return response.body();
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName(), e);
        }
    }
}
