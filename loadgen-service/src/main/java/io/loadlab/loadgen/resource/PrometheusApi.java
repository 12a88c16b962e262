package io.loadlab.loadgen.resource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.scrape.BoundedBody;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The calls of the Prometheus HTTP API a source makes: an instant query ({@code /api/v1/query}), the raw samples of
 * one series (the same endpoint with a range selector, for their spacing) and the active targets
 * ({@code /api/v1/targets?state=active}, for their scrape interval). Each exchange has a deadline on the
 * whole of it, body included ({@code HttpRequest.timeout} covers the headers only, so a server that sends headers
 * and then stalls would hold a cell forever), and a cap on the body. Never throws: failures are values.
 */
final class PrometheusApi {

    /**
     * One series of an instant vector is about 200 bytes of JSON (a cAdvisor series with its dozen labels ~600),
     * so a well-matched answer is under 10 KB; 1 MiB still holds ~2,000 series, enough to show an ambiguous match
     * its first few, and bounds what a flood costs.
     */
    static final int MAX_QUERY_BYTES = 1 << 20;
    /** An active target is ~1 KB of JSON with its discovered labels: 8 MiB reads a cluster of ~8,000 targets. */
    static final int MAX_TARGETS_BYTES = 8 << 20;

    private final HttpClient http;
    private final URI base;
    private final Duration timeout;
    private final ObjectMapper json = new ObjectMapper();

    PrometheusApi(HttpClient http, URI base, Duration timeout) {
        this.http = http;
        String b = base.toString();
        this.base = URI.create(b.endsWith("/") ? b.substring(0, b.length() - 1) : b);
        this.timeout = timeout;
    }

    URI base() {
        return base;
    }

    /** The instant vector (or scalar, as one series without labels) {@code promql} gives at {@code time}. */
    QueryAnswer query(String promql, Instant time) {
        String seconds = BigDecimal.valueOf(time.toEpochMilli(), 3).toPlainString();
        Exchange x = get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8) + "&time=" + seconds,
                MAX_QUERY_BYTES);
        if (x.failure != null) {
            return new QueryAnswer(List.of(), x.failure);
        }
        JsonNode data = x.data;
        String type = data.path("resultType").asText("");
        JsonNode result = data.path("result");
        try {
            if (type.equals("scalar")) {
                return QueryAnswer.of(List.of(new Series(Map.of(), value(result.path(1)))));
            }
            if (!type.equals("vector")) {
                return QueryAnswer.failed(ApiFailure.Kind.QUERY, "the query gives a " + Series.bounded(type)
                        + ", not an instant vector (a range selector needs rate(...) or *_over_time(...))");
            }
            List<Series> series = new ArrayList<>();
            for (JsonNode s : result) {
                series.add(new Series(labels(s.path("metric")), value(s.path("value").path(1))));
            }
            return QueryAnswer.of(series);
        } catch (NumberFormatException e) {
            return QueryAnswer.failed(ApiFailure.Kind.NOT_PROMETHEUS, base + " answered a value that is not a number");
        }
    }

    /**
     * The stored samples' timestamps over {@code lookBack} before {@code time} of one series {@code selector} matches:
     * the first in label order, since the check has made the query match one target, whose series share its
     * scrapes. Two exchanges: the series, then that one series' raw samples (a selector over 16 cores' modes at a 1 s
     * scrape would be ~40,000 samples, past the cap; one series for 5 min is ~300, 10 KB).
     */
    StoredSamples storedSamples(String selector, Instant time, Duration lookBack) {
        QueryAnswer series = query(selector, time);
        if (series.failure() != null) {
            return StoredSamples.failed(series.failure());
        }
        if (series.series().isEmpty()) {
            return new StoredSamples(null, List.of(), null);
        }
        Series first = series.series().stream().min(Comparator.comparing(Series::describe)).orElseThrow();
        String exact = new TreeMap<>(first.labels()).entrySet().stream()
                .map(e -> e.getKey() + "=\"" + PromQl.escape(e.getValue()) + "\"")
                .collect(Collectors.joining(",", "{", "}"));
        String seconds = BigDecimal.valueOf(time.toEpochMilli(), 3).toPlainString();
        Exchange x = get("/api/v1/query?query=" + URLEncoder.encode(exact + "[" + Math.max(1, lookBack.toMillis()) + "ms]",
                StandardCharsets.UTF_8) + "&time=" + seconds, MAX_QUERY_BYTES);
        if (x.failure != null) {
            return StoredSamples.failed(x.failure);
        }
        if (!x.data.path("resultType").asText("").equals("matrix")) {
            return StoredSamples.failed(new ApiFailure(ApiFailure.Kind.NOT_PROMETHEUS, base + " answered a range selector without a matrix"));
        }
        List<Long> millis = new ArrayList<>();
        for (JsonNode s : x.data.path("result")) {
            for (JsonNode sample : s.path("values")) {
                JsonNode t = sample.path(0);
                if (!t.isNumber()) {
                    return StoredSamples.failed(new ApiFailure(ApiFailure.Kind.NOT_PROMETHEUS, base + " answered a sample time that is not a number"));
                }
                millis.add(Math.round(t.doubleValue() * 1000)); // seconds with 3 decimals: a double holds them to 0.2 µs
            }
        }
        millis.sort(null);
        return new StoredSamples(first.describe(), millis, null);
    }

    /** The scrape interval of the active targets whose labels satisfy {@code match} (see {@link ScrapeInterval}). */
    ScrapeInterval scrapeInterval(Map<String, String> match) {
        Exchange x = get("/api/v1/targets?state=active", MAX_TARGETS_BYTES);
        if (x.failure != null) {
            return new ScrapeInterval(null, false, x.failure.message());
        }
        Map<String, Pattern> patterns = new HashMap<>();
        match.forEach((label, regex) -> patterns.put(label, Pattern.compile(regex)));
        Duration longest = null;
        Duration longestMatched = null;
        for (JsonNode t : x.data.path("activeTargets")) {
            Duration d = ScrapeInterval.parse(t.path("scrapeInterval").asText(null));
            if (d == null) {
                continue;
            }
            longest = longest == null || d.compareTo(longest) > 0 ? d : longest;
            if (!match.isEmpty() && matches(t.path("labels"), patterns)
                    && (longestMatched == null || d.compareTo(longestMatched) > 0)) {
                longestMatched = d;
            }
        }
        if (longest == null) {
            return new ScrapeInterval(null, false, base + " lists no active target with a scrape interval");
        }
        return longestMatched != null ? new ScrapeInterval(longestMatched, true, null) : new ScrapeInterval(longest, false, null);
    }

    private static boolean matches(JsonNode labels, Map<String, Pattern> patterns) {
        for (Map.Entry<String, Pattern> p : patterns.entrySet()) {
            JsonNode v = labels.get(p.getKey());
            if (v == null || !p.getValue().matcher(v.asText()).matches()) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, String> labels(JsonNode metric) {
        Map<String, String> labels = new HashMap<>();
        metric.fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
        return labels;
    }

    /** Prometheus writes sample values as strings: a decimal, {@code NaN}, {@code +Inf} or {@code -Inf}. */
    static double value(JsonNode v) {
        if (!v.isTextual()) {
            throw new NumberFormatException("not a sample value");
        }
        return switch (v.textValue()) {
            case "NaN" -> Double.NaN;
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(v.textValue());
        };
    }

    /** The {@code data} of a success answer, or the failure. */
    private record Exchange(JsonNode data, ApiFailure failure) {
        static Exchange failed(ApiFailure.Kind kind, String message) {
            return new Exchange(null, new ApiFailure(kind, message));
        }
    }

    private Exchange get(String pathAndQuery, int cap) {
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(URI.create(base + pathAndQuery)).timeout(timeout)
                    .header("Accept", "application/json").GET().build();
        } catch (IllegalArgumentException e) {
            return Exchange.failed(ApiFailure.Kind.UNREACHABLE, "cannot call " + base + ": " + Series.bounded(String.valueOf(e.getMessage())));
        }
        CompletableFuture<HttpResponse<byte[]>> exchange = http.sendAsync(request, info -> new BoundedBody(cap));
        HttpResponse<byte[]> response;
        try {
            response = exchange.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            exchange.cancel(true); // closes the connection: a stalled server's socket is not left to the pool
            return Exchange.failed(ApiFailure.Kind.DEADLINE, "Prometheus at " + base + " did not answer within " + seconds(timeout));
        } catch (InterruptedException e) {
            exchange.cancel(true);
            Thread.currentThread().interrupt();
            return Exchange.failed(ApiFailure.Kind.DEADLINE, "interrupted while asking Prometheus at " + base);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof BoundedBody.TooLarge) {
                return Exchange.failed(ApiFailure.Kind.TOO_LARGE, "Prometheus at " + base + " answered more than " + cap
                        + " bytes (thousands of series)");
            }
            if (cause instanceof HttpTimeoutException) { // the request's own timeout (headers) fired first: the same deadline
                return Exchange.failed(ApiFailure.Kind.DEADLINE, "Prometheus at " + base + " did not answer within " + seconds(timeout));
            }
            String why = cause instanceof ConnectException ? "connection refused" : cause.getClass().getSimpleName()
                    + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
            return Exchange.failed(ApiFailure.Kind.UNREACHABLE, "Prometheus at " + base + " did not answer: " + Series.bounded(why));
        }
        return read(response, pathAndQuery);
    }

    private Exchange read(HttpResponse<byte[]> response, String pathAndQuery) {
        String path = pathAndQuery.substring(0, pathAndQuery.indexOf('?'));
        JsonNode root;
        try {
            root = json.readTree(response.body());
        } catch (IOException e) {
            root = null;
        }
        if (root == null || !root.isObject() || !root.has("status")) {
            return Exchange.failed(ApiFailure.Kind.NOT_PROMETHEUS, base + path + " answered HTTP " + response.statusCode()
                    + " without the Prometheus API's JSON: " + Series.bounded(new String(response.body(), StandardCharsets.UTF_8)));
        }
        if ("success".equals(root.path("status").asText()) && response.statusCode() == 200) {
            return new Exchange(root.path("data"), null);
        }
        return Exchange.failed(ApiFailure.Kind.QUERY, "Prometheus answered HTTP " + response.statusCode() + " "
                + Series.bounded(root.path("errorType").asText("error") + ": " + root.path("error").asText("")));
    }

    /** {@code 2 s}, {@code 1.5 s}, {@code 250 ms}. */
    static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms < 1000 ? ms + " ms" : BigDecimal.valueOf(ms, 3).stripTrailingZeros().toPlainString() + " s";
    }
}
