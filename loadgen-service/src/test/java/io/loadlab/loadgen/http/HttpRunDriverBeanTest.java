package io.loadlab.loadgen.http;

import io.loadlab.loadgen.run.RunDriver;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The driver is a bean the run registry finds by kind, with the real clock injected. */
@QuarkusTest
@TestProfile(HttpRunDriverBeanTest.AnyPort.class)
class HttpRunDriverBeanTest {

    /** Other builds share this machine: never take a fixed port. */
    public static class AnyPort implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.test-port", "0");
        }
    }

    @Inject
    @Any
    Instance<RunDriver> drivers;

    @Test
    void httpDriverIsRegisteredUnderItsKind() {
        assertEquals(1, drivers.stream().filter(d -> d.kind().equals(HttpRunSpec.KIND)).count());
    }
}
