package io.loadlab.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * A job's {@code gate} as the API wrote it ({@code GET /runs/{id}}, {@code GET /experiments/{id}}): absent when it asked
 * for no thresholds and no baseline.
 *
 * @param abortedBy the threshold that ended the run early ({@code "errors < 10"}), null when none did
 * @param reason    why it did not pass, null when it did
 */
public record Gate(boolean passed, List<ThresholdLine> thresholds, String abortedBy, String reason) {

    public Gate {
        thresholds = List.copyOf(thresholds);
    }

    /** The job's gate, null when its record has none. */
    public static Gate of(JsonNode job) {
        JsonNode g = job.path("gate");
        if (!g.isObject()) {
            return null;
        }
        List<ThresholdLine> lines = new ArrayList<>();
        g.path("thresholds").forEach(t -> lines.add(ThresholdLine.of(t)));
        return new Gate(g.path("passed").asBoolean(false), lines, text(g, "abortedBy"), text(g, "reason"));
    }

    /** The lines printed after the report: one per threshold, then the verdict. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add("Thresholds:");
        for (ThresholdLine t : thresholds) {
            out.add(String.format("  %-4s %s   (actual %s)", t.passed() ? "ok" : "FAIL", t.title(), t.actualText()));
        }
        if (abortedBy != null) {
            out.add("  aborted by " + abortedBy);
        }
        out.add(passed ? "Gate: PASSED" : "Gate: FAILED" + (reason == null ? "" : ": " + reason));
        return out;
    }

    private static String text(JsonNode n, String field) {
        return n.hasNonNull(field) ? n.get(field).asText() : null;
    }
}
