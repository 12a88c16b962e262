package io.loadlab.cli.progress;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.PrintStream;
import java.util.Locale;

/**
 * An experiment's progress: a line for each cell as it finishes (target/variant, requests/s, p99, verdict), each
 * printed once; on a terminal and in a log alike, as a cell takes seconds to minutes.
 */
public final class CellLines implements ProgressView {

    private final PrintStream out;
    private int shown;

    public CellLines(PrintStream out) {
        this.out = out;
    }

    @Override
    public void update(JsonNode experiment) {
        JsonNode cells = experiment.path("cells");
        String runs = experiment.path("runsDone").asLong(0) + "/" + experiment.path("runsPlanned").asText("?");
        for (; shown < cells.size(); shown++) {
            out.println(line(cells.get(shown), shown + 1, runs));
        }
        out.flush();
    }

    /** {@code runs}: the experiment's runs done of planned (cells, repeats, probes), as {@code 3/8}. */
    static String line(JsonNode cell, int n, String runs) {
        String where = cell.path("target").asText("?") + "/" + cell.path("variant").asText("?")
                + (cell.hasNonNull("protocol") ? "/" + cell.get("protocol").asText() : "");
        return String.format(Locale.ROOT, "cell %d (runs %s)  %-32s %s  %,12.1f req/s  p99 %8.2f ms  %s", n, runs,
                where, cell.path("runState").asText("?"),
                cell.path("requestsPerSecond").asDouble(), cell.path("p99Millis").asDouble(),
                cell.path("verdict").path("verdict").asText("-"));
    }

    @Override
    public void finish() {
    }
}
