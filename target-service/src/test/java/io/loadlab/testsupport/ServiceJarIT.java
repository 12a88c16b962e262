package io.loadlab.testsupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The native runner test-support starts, for real: a runner named by {@code loadlab.target.runner} is what runs, it
 * gets the {@code -D} properties and none of the JVM's options, and the service it starts answers. (Which binary
 * the build's own ITs run, jar or runner: {@code loadgen-service}'s {@code PagesIT} asserts it for both services.) Here, after the target is packaged, because test-support's own tests run before it exists. No
 * GraalVM builds here, so the runner is a stand-in: a script that records its arguments and execs what
 * test-support would have started, so the target really starts and answers.
 */
@SystemTest
class ServiceJarIT {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final String RUNNER = "loadlab.target.runner";

    @TempDir
    Path dir;

    @Test
    void aNamedRunnerGetsThePropertiesAndNoJvmOption() throws Exception {
        Path args = dir.resolve("args");
        Path standIn = standIn(ServiceJar.TARGET.launch(List.of(), List.of()), args);
        String old = System.getProperty(RUNNER);
        System.setProperty(RUNNER, standIn.toString());
        try (TargetService target = TargetService.startWith(List.of("-Xmx128m", "-XX:+UseSerialGC", "-Dtarget.https.enabled=false"))) {
            Launch launch = target.launch();
            assertEquals(Launch.Mode.NATIVE, launch.mode(), launch.toString());
            assertEquals(standIn.toString(), launch.command().get(0), launch.toString());
            assertEquals(List.of("-Xmx128m", "-XX:+UseSerialGC"), launch.dropped());
            List<String> got = Files.readAllLines(args);
            assertEquals(launch.command().subList(1, launch.command().size()), got);
            assertTrue(got.stream().allMatch(a -> a.startsWith("-D")), "only system properties: " + got);
            assertTrue(got.contains("-Dquarkus.http.port=" + URI.create(target.base()).getPort()), got.toString());
            assertTrue(got.contains("-Dtarget.https.enabled=false"), got.toString());
            assertAnswers(target);
        } finally {
            if (old == null) {
                System.clearProperty(RUNNER);
            } else {
                System.setProperty(RUNNER, old);
            }
        }
    }

    /** A script that writes its arguments one a line to {@code args}, then execs the real binary with them. */
    private Path standIn(Launch real, Path args) throws IOException {
        List<String> cmd = real.command();
        List<String> exec = new ArrayList<>();
        if (real.mode() == Launch.Mode.JVM) {
            // java's options go before -jar: after it they would be the program's arguments
            exec.add(quote(cmd.get(0)));
            exec.add("\"$@\"");
            cmd.subList(1, cmd.size()).forEach(a -> exec.add(quote(a)));
        } else {
            exec.add(quote(cmd.get(0)));
            exec.add("\"$@\"");
        }
        Path script = dir.resolve("target-service-stand-in-runner");
        Files.writeString(script, "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + quote(args.toString()) + "\nexec " + String.join(" ", exec) + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** The target answers {@code {"number":2}} with two items: it started and serves, not just listens. */
    private static void assertAnswers(TargetService target) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(target.testApi()).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"number\":2}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(2, r.body().split("\"name\":", -1).length - 1, r.body());
    }
}
