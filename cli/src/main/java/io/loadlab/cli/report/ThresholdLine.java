package io.loadlab.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One threshold as judged by the loadgen: {@code {"name":"p99Millis","limit":"< 50","actual":12.3,"passed":true}}
 * (+ {@code scope} in an experiment).
 *
 * @param actual the figure, null when the run has none (then it did not pass)
 */
public record ThresholdLine(String name, String limit, Double actual, boolean passed, String scope) {

    static ThresholdLine of(JsonNode t) {
        JsonNode actual = t.path("actual");
        return new ThresholdLine(t.path("name").asText("?"), t.path("limit").asText("?"),
                actual.isNumber() ? actual.asDouble() : null, t.path("passed").asBoolean(false),
                t.hasNonNull("scope") ? t.get("scope").asText() : null);
    }

    /** {@code p99Millis < 50}, its scope first when it has one ({@code local/n=2 c=4 #1 p99Millis < 50}). */
    public String title() {
        return (scope == null ? "" : scope + " ") + name + " " + limit;
    }

    /** The actual as the API wrote it, without a trailing {@code .0}; "none (not measured)" when unmeasured. */
    public String actualText() {
        if (actual == null) {
            return "none (not measured)";
        }
        return actual == Math.rint(actual) && Math.abs(actual) < 1e15 ? Long.toString(actual.longValue())
                : Double.toString(actual);
    }
}
