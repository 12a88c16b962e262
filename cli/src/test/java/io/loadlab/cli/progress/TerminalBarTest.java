package io.loadlab.cli.progress;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static io.loadlab.cli.progress.PlainLinesTest.running;
import static org.junit.jupiter.api.Assertions.assertEquals;

class TerminalBarTest {

    @Test
    void theBarRedrawsInPlaceAndEndsWithANewline() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TerminalBar bar = new TerminalBar(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        bar.update(running(0.5, 10_000));
        bar.update(running(1.0, 20));
        bar.finish();
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(2, out.chars().filter(c -> c == '\r').count());
        assertEquals(1, out.chars().filter(c -> c == '\n').count());
        String[] draws = out.substring(1, out.length() - 1).split("\r");
        assertEquals(draws[0].length(), draws[1].length(), "the shorter line is padded over the longer one");
    }
}
