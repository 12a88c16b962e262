package io.loadlab.target.iperf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/** Runs Debian's stock {@code iperf3 -c} to its end (bounded, always reaped); fails naming iperf3 when it is missing. */
final class Iperf3Client {

    record Outcome(int exitCode, String output) {
        JsonNode json() {
            try {
                return new ObjectMapper().readTree(output);
            } catch (IOException e) {
                return fail("iperf3 -J printed no JSON:\n" + output);
            }
        }

        /** {@code end.<sum>.<field>} of the -J report, e.g. ("sum_sent", "bytes"). */
        long end(String sum, String field) {
            JsonNode n = json().path("end").path(sum).path(field);
            if (!n.isNumber()) {
                fail("no end." + sum + "." + field + " in iperf3's report:\n" + output);
            }
            return n.asLong();
        }
    }

    private Iperf3Client() {
    }

    /**
     * As {@link #run}, again while the server is still busy with the test before (its session ends just after the
     * client's, up to a second later on a loaded machine): at most 20 tries, 250 ms apart.
     */
    static Outcome runWhenFree(int port, String... args) throws InterruptedException {
        Outcome run = run(port, args);
        for (int i = 0; i < 20 && run.output().contains("the server is busy running a test"); i++) {
            Thread.sleep(250);
            run = run(port, args);
        }
        return run;
    }

    static Outcome run(int port, String... args) throws InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("iperf3", "-c", "127.0.0.1", "-p", Integer.toString(port)));
        cmd.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            return fail("iperf3 is required for this test (Debian/Ubuntu: apt-get install iperf3): " + e.getMessage());
        }
        try {
            // the tests run 1-3 s; 30 s bounds them with room for a busy machine
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                fail("iperf3 did not end within 30 s: " + cmd);
            }
            return new Outcome(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return fail("reading iperf3's output: " + e);
        } finally {
            p.destroyForcibly();
        }
    }
}
