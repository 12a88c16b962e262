package io.loadlab.loadgen.page;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits a report's JSON into headline figures and latency summaries without knowing its kind: scalar fields (and
 * the fields of nested objects such as {@code errors}, named {@code errors.timeout}) are figures; an object with a
 * {@code p50} is a latency summary, at the top or in a nested object ({@code tls.handshakeMicros}, the TLS handshake
 * times beside request latency). The per-second series has its own chart and the request mix its own table
 * ({@link MixRow}): both are left out.
 */
public record ReportFigures(List<Figure> headline, LatencyTable latency) {

    static final String SERIES = "series";

    public static ReportFigures of(JsonNode report) {
        List<Figure> headline = new ArrayList<>();
        Map<String, JsonNode> summaries = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = report.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            JsonNode v = f.getValue();
            if (f.getKey().equals(SERIES) || f.getKey().equals(MixRow.MIX) || v.isNull()) {
                continue;
            }
            if (v.isObject() && v.has("p50")) {
                summaries.put(f.getKey(), v);
            } else if (v.isObject()) {
                nested(f.getKey(), v, headline, summaries);
            } else if (v.isValueNode()) {
                headline.add(Figure.of(f.getKey(), v));
            }
        }
        return new ReportFigures(List.copyOf(headline), latency(summaries));
    }

    /**
     * The fields of a nested object ({@code errors}, {@code tls}): values are figures named {@code tls.version}; a
     * latency summary inside it is a column of its own ({@code tls.handshakeMicros}); an object of values inside it
     * gives a figure each ({@code tls.failureReasons.handshake timed out}). Deeper objects are left out.
     */
    private static void nested(String name, JsonNode object, List<Figure> headline, Map<String, JsonNode> summaries) {
        object.fields().forEachRemaining(g -> {
            JsonNode value = g.getValue();
            String path = name + "." + g.getKey();
            if (value.isValueNode() && !value.isNull()) {
                headline.add(Figure.of(path, value));
            } else if (value.isObject() && value.has("p50")) {
                summaries.put(path, value);
            } else if (value.isObject()) {
                value.fields().forEachRemaining(h -> {
                    if (h.getValue().isValueNode() && !h.getValue().isNull()) {
                        headline.add(Figure.of(path + "." + h.getKey(), h.getValue()));
                    }
                });
            }
        });
    }

    private static LatencyTable latency(Map<String, JsonNode> summaries) {
        List<String> columns = List.copyOf(summaries.keySet());
        List<LatencyTable.Row> rows = new ArrayList<>();
        if (!summaries.isEmpty()) {
            JsonNode first = summaries.values().iterator().next();
            first.fieldNames().forEachRemaining(stat -> rows.add(new LatencyTable.Row(stat,
                    summaries.values().stream().map(s -> s.has(stat) ? s.get(stat).asText() : "").toList())));
        }
        return new LatencyTable(columns, rows);
    }
}
