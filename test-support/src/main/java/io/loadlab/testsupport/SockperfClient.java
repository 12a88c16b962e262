package io.loadlab.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs the stock sockperf client to its end (bounded, always reaped) and reads figures from its output. */
public final class SockperfClient {

    private final String output;

    private SockperfClient(String output) {
        this.output = output;
    }

    /** Runs {@code sockperf <mode> -i 127.0.0.1 -p port <args>}; fails the test, naming sockperf, when it is missing. */
    public static SockperfClient run(String mode, int port, String... args) throws InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("sockperf", mode, "-i", "127.0.0.1", "-p", Integer.toString(port)));
        cmd.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new AssertionError("sockperf is required for this test (Debian/Ubuntu: apt-get install sockperf): " + e.getMessage(), e);
        }
        try {
            // sockperf idles about a second before sending; 15 s bounds a 2 s run with room for a busy machine.
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                throw new AssertionError("sockperf did not end within 15 s: " + cmd);
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new AssertionError("sockperf failed with " + p.exitValue() + ":\n" + out);
            }
            return new SockperfClient(out.replaceAll("\u001B\\[[0-9;]*m", ""));
        } catch (IOException e) {
            throw new AssertionError("reading sockperf's output: " + e, e);
        } finally {
            p.destroyForcibly();
        }
    }

    public String output() {
        return output;
    }

    /** The first number after {@code label} in sockperf's output, e.g. {@code "# dropped messages = "}. */
    public double number(String label) {
        Matcher m = Pattern.compile(Pattern.quote(label) + "\\s*([0-9.]+)").matcher(output);
        if (!m.find()) {
            throw new AssertionError("'" + label + "' not in sockperf's output:\n" + output);
        }
        return Double.parseDouble(m.group(1));
    }
}
