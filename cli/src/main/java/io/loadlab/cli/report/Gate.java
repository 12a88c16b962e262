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

    /**
     * The lines printed after the report when its text does not end with them already: the loadgen's own text
     * reports end so from issue 25 on, and these are written the same way, so a log reads alike either way.
     */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        if (!thresholds.isEmpty()) {
            out.add("Thresholds: " + thresholds.stream().filter(ThresholdLine::passed).count() + " of " + thresholds.size()
                    + " passed");
            for (ThresholdLine t : thresholds) {
                out.add("  " + (t.passed() ? "PASS " : "FAIL ") + t.title()
                        + (t.actual() == null ? " (not measured)" : " (actual " + t.actualText() + ")"));
            }
        }
        if (abortedBy != null) {
            out.add("Aborted by: " + abortedBy);
        }
        out.add("Gate: " + (passed ? "PASS" : "FAIL (" + reason + ")"));
        return out;
    }

    /** Whether {@code report} (the loadgen's text) already ends with the verdict: its last line is {@code Gate: ...}. */
    public static boolean shownIn(String report) {
        String text = report.stripTrailing();
        return text.substring(text.lastIndexOf('\n') + 1).startsWith("Gate: ");
    }

    private static String text(JsonNode n, String field) {
        return n.hasNonNull(field) ? n.get(field).asText() : null;
    }
}
