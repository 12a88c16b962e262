package io.loadlab.target.udp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Runs the stock sockperf client to its end (bounded, always reaped) and reads figures from its output. */
final class Sockperf {

    private final String output;

    private Sockperf(String output) {
        this.output = output;
    }

    /** Runs {@code sockperf <mode> -i 127.0.0.1 -p port <args>}; fails the test, naming sockperf, when it is missing. */
    static Sockperf run(String mode, int port, String... args) throws InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("sockperf", mode, "-i", "127.0.0.1", "-p", Integer.toString(port)));
        cmd.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            return fail("sockperf is required for this test (Debian/Ubuntu: apt-get install sockperf): " + e.getMessage());
        }
        try {
            // sockperf idles about a second before sending; 15 s bounds a 2 s run with room for a busy machine.
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                fail("sockperf did not end within 15 s: " + cmd);
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.exitValue(), () -> "sockperf failed:\n" + out);
            return new Sockperf(out.replaceAll("\u001B\\[[0-9;]*m", ""));
        } catch (IOException e) {
            return fail("reading sockperf's output: " + e);
        } finally {
            p.destroyForcibly();
        }
    }

    String output() {
        return output;
    }

    /** The first number after {@code label} in sockperf's output, e.g. {@code "# dropped messages = "}. */
    double number(String label) {
        Matcher m = Pattern.compile(Pattern.quote(label) + "\\s*([0-9.]+)").matcher(output);
        assertTrue(m.find(), () -> "'" + label + "' not in sockperf's output:\n" + output);
        return Double.parseDouble(m.group(1));
    }
}
