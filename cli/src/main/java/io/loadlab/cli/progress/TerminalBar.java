package io.loadlab.cli.progress;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.PrintStream;

/**
 * A terminal's progress: the run's line redrawn in place with {@code \r} at every poll, padded so a shorter line
 * leaves nothing of a longer one behind; {@link #finish()} ends it with a newline so the report starts clean.
 */
public final class TerminalBar implements ProgressView {

    private final PrintStream out;
    private int width;

    public TerminalBar(PrintStream out) {
        this.out = out;
    }

    @Override
    public void update(JsonNode job) {
        String line = RunLine.of(job);
        out.print("\r" + line + " ".repeat(Math.max(0, width - line.length())));
        out.flush();
        width = line.length();
    }

    @Override
    public void finish() {
        if (width > 0) {
            out.println();
            out.flush();
        }
        width = 0;
    }
}
