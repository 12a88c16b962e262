package io.loadlab.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Prometheus' HTTP API as Grafana's data source uses it: instant queries and label values. */
final class PrometheusApi {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final String base;

    PrometheusApi(String base) {
        this.base = base;
    }

    /** {@code /api/v1/query} at {@code epochSeconds}; the {@code data} node, or an exception with Prometheus' error. */
    JsonNode query(String promql, double epochSeconds) throws IOException, InterruptedException {
        return get("/api/v1/query?query=" + enc(promql) + "&time=" + String.format(Locale.ROOT, "%.3f", epochSeconds));
    }

    /** Grafana's {@code label_values(selector, label)}: {@code /api/v1/label/<label>/values?match[]=selector}. */
    List<String> labelValues(String label, String selector, double fromSeconds, double toSeconds)
            throws IOException, InterruptedException {
        String path = "/api/v1/label/" + enc(label) + "/values?start=" + String.format(Locale.ROOT, "%.3f", fromSeconds)
                + "&end=" + String.format(Locale.ROOT, "%.3f", toSeconds)
                + (selector == null || selector.isBlank() ? "" : "&match[]=" + enc(selector));
        List<String> values = new ArrayList<>();
        get(path).forEach(v -> values.add(v.asText()));
        return values;
    }

    private JsonNode get(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode body = JSON.readTree(r.body());
        if (r.statusCode() != 200 || !"success".equals(body.path("status").asText())) {
            throw new IOException("Prometheus " + r.statusCode() + " " + body.path("errorType").asText() + ": "
                    + body.path("error").asText(r.body()));
        }
        return body.path("data");
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
