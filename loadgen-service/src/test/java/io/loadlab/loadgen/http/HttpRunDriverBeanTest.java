package io.loadlab.loadgen.http;

import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.RunKinds;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** The http kind is one descriptor bean, the one the run registry finds by its name, with its driver injected. */
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
    Instance<RunKind<?, ?>> descriptors;

    @Inject
    RunKinds kinds;

    @Test
    void httpKindIsRegisteredUnderItsName() {
        assertEquals(1, descriptors.stream().filter(d -> d.types().kind().equals(HttpRunSpec.KIND)).count());
        assertInstanceOf(HttpKind.class, kinds.named(HttpRunSpec.KIND).orElseThrow());
    }
}
