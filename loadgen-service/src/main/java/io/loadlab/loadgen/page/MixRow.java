package io.loadlab.loadgen.page;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.qute.TemplateData;

import java.util.ArrayList;
import java.util.List;

/**
 * One named request of a run's mix, as the run page's per-name table shows it: read from the report's JSON
 * {@code mix} array (like every figure of the page, without asking the run's kind), values in the JSON's own text
 * so a reader can match them exactly. Errors are the name's {@code errors} summed over causes.
 */
@TemplateData
public record MixRow(String name, String weight, String requests, String requestsPerSecond, long errors, String p50,
                     String p99, String max) {

    static final String MIX = "mix";

    /** The rows of {@code report.mix}, in its order; none when the report has no mix. */
    static List<MixRow> of(JsonNode report) {
        List<MixRow> rows = new ArrayList<>();
        for (JsonNode r : report.path(MIX)) {
            long errors = 0;
            for (JsonNode e : r.path("errors")) {
                errors += e.asLong();
            }
            JsonNode lat = r.path("latencyMicros");
            rows.add(new MixRow(r.path("name").asText(), r.path("weight").asText(), r.path("requests").asText(),
                    Numbers.fmt(r.path("requestsPerSecond").asDouble(), 2), errors, lat.path("p50").asText(),
                    lat.path("p99").asText(), lat.path("max").asText()));
        }
        return List.copyOf(rows);
    }
}
