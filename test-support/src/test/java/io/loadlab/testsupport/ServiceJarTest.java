package io.loadlab.testsupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which binary a test runs: the jar on the JVM, the native runner when the build named one (never a quiet fall back),
 * and a jar not yet packaged fails with the command that builds it, never a bare "file not found".
 * That the command really starts and answers: {@code target-service}'s {@code ServiceJarIT}, where the jar exists.
 */
class ServiceJarTest {

    private static final List<String> OPTIONS = List.of("-Xmx256m", "-Dquarkus.http.port=1234", "-XX:+UseSerialGC", "-Da=b");

    @TempDir
    Path dir;

    @Test
    void aMissingJarNamesTheBuildCommand() {
        AssertionError e = with("loadlab.loadgen.jar", "/nonexistent/quarkus-run.jar",
                () -> assertThrows(AssertionError.class, ServiceJar.LOADGEN::path));
        assertTrue(e.getMessage().contains("mvn package -am -pl loadgen-service"), e.getMessage());
    }

    @Test
    void withoutARunnerTheJvmRunsTheJarWithEveryOption() throws IOException {
        Path jar = Files.createFile(dir.resolve("quarkus-run.jar"));
        Launch launch = with("loadlab.loadgen.jar", jar.toString(),
                () -> with("loadlab.loadgen.runner", "", () -> ServiceJar.LOADGEN.launch(List.of("taskset", "-c", "0"), OPTIONS)));
        assertEquals(Launch.Mode.JVM, launch.mode());
        List<String> cmd = launch.command();
        assertEquals(List.of("taskset", "-c", "0"), cmd.subList(0, 3));
        assertTrue(cmd.get(3).endsWith("/bin/java"), cmd.toString());
        assertEquals(ServiceJar.OWN_TEMP, cmd.get(4));
        assertEquals(OPTIONS, cmd.subList(5, 9));
        assertEquals(List.of("-jar", jar.toAbsolutePath().toString()), cmd.subList(9, 11));
        assertEquals(List.of(), launch.dropped());
    }

    @Test
    void aNamedRunnerRunsNativelyWithOnlyItsSystemProperties() throws IOException {
        Path runner = Files.createFile(dir.resolve("loadgen-service-1-runner"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Launch launch = with("loadlab.loadgen.runner", runner.toString(), () -> ServiceJar.LOADGEN.launch(List.of("nice"), OPTIONS));
        assertEquals(Launch.Mode.NATIVE, launch.mode());
        assertEquals(List.of("nice", runner.toString(), ServiceJar.OWN_TEMP, "-Dquarkus.http.port=1234", "-Da=b"),
                launch.command());
        assertEquals(List.of("-Xmx256m", "-XX:+UseSerialGC"), launch.dropped());
    }

    @Test
    void aNamedRunnerThatIsMissingFailsNamingItsPath() {
        String missing = dir.resolve("target-service-1-runner").toString();
        AssertionError e = with("loadlab.target.runner", missing,
                () -> assertThrows(AssertionError.class, () -> ServiceJar.TARGET.launch(List.of(), OPTIONS)));
        assertTrue(e.getMessage().contains(missing) && e.getMessage().contains("loadlab.target.runner"), e.getMessage());
    }

    @Test
    void aNamedRunnerThatCannotBeExecutedFails() throws IOException {
        Path plain = Files.createFile(dir.resolve("target-service-1-runner"));
        AssertionError e = with("loadlab.target.runner", plain.toString(),
                () -> assertThrows(AssertionError.class, () -> ServiceJar.TARGET.launch(List.of(), OPTIONS)));
        assertTrue(e.getMessage().contains(plain.toString()), e.getMessage());
    }

    /** Runs {@code body} with the system property {@code key} set, then puts back what was there. */
    static <T> T with(String key, String value, Supplier<T> body) {
        String old = System.getProperty(key);
        System.setProperty(key, value);
        try {
            return body.get();
        } finally {
            if (old == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, old);
            }
        }
    }
}
