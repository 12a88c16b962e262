package io.loadlab.testsupport;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A jar not yet packaged fails the test with the command that builds it, never a bare "file not found". */
class ServiceJarTest {

    @Test
    void aMissingJarNamesTheBuildCommand() {
        String key = "loadlab.loadgen.jar";
        String old = System.getProperty(key);
        System.setProperty(key, "/nonexistent/quarkus-run.jar");
        try {
            AssertionError e = assertThrows(AssertionError.class, ServiceJar.LOADGEN::path);
            assertTrue(e.getMessage().contains("mvn package -am -pl loadgen-service"), e.getMessage());
        } finally {
            if (old == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, old);
            }
        }
    }
}
