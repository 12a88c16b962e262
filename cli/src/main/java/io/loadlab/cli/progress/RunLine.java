package io.loadlab.cli.progress;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Locale;

/**
 * One line of a run's live figures from its {@code progress} ({@code RunProgress}: measured seconds, requests,
 * the last interval's rate and latency summary in microseconds):
 * {@code [########------------]   1.2/3.0 s  requests 12,345  rate 10,234/s  errors 0  p99 1.23 ms}.
 */
public final class RunLine {

    private static final int BAR = 20;

    private RunLine() {
    }

    public static String of(JsonNode run) {
        String state = run.path("state").asText("?");
        JsonNode p = run.path("progress");
        if (!p.isObject()) {
            return state;
        }
        double total = SpecDuration.seconds(run);
        double elapsed = p.path("elapsedSeconds").asDouble(0);
        StringBuilder line = new StringBuilder();
        if (p.path("warmingUp").asBoolean(false)) {
            line.append("[warming up").append(" ".repeat(BAR - 10)).append(']');
        } else {
            int done = total > 0 ? (int) Math.min(BAR, Math.round(BAR * elapsed / total)) : 0;
            line.append('[').append("#".repeat(done)).append("-".repeat(BAR - done)).append(']');
        }
        line.append(String.format(Locale.ROOT, " %5.1f/%s s", elapsed,
                total > 0 ? String.format(Locale.ROOT, "%.1f", total) : "?"));
        line.append(String.format(Locale.ROOT, "  requests %,d  rate %,.0f/s  errors %,d",
                p.path("requests").asLong(0), p.path("currentRate").asDouble(0), p.path("errors").asLong(0)));
        JsonNode latency = p.path("intervalLatency");
        line.append(latency.isObject() && latency.path("count").asLong(0) > 0
                ? String.format(Locale.ROOT, "  p99 %.2f ms", latency.path("p99").asDouble() / 1000.0) : "  p99 -");
        return line.toString();
    }
}
