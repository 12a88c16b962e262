package io.loadlab.common.cores;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rule: the CPUs the process can run on, capped but never raised by a CPU limit. */
class CoresTest {

    @ParameterizedTest(name = "{0} available, limit {1} -> {2}")
    @CsvSource({
            // the loadgen: no limit, so the Downward API gave the node's allocatable (2); cpuset 1
            "1, 2, 1",
            // a Guaranteed target on a 4-core node: cpuset and quota 3, limit 3
            "3, 3, 3",
            // a limit below what the JVM sees (a JVM that missed the quota): the limit wins
            "4, 2, 2",
            // a loadgen alone on a 16-core node: allocatable 16, all 16 CPUs
            "16, 16, 16",
            "2, 64, 2",
            "1, 1, 1"})
    void aLimitCapsButNeverRaises(int available, int limit, int cores) {
        assertEquals(cores, Cores.of(available, OptionalInt.of(limit)));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 128})
    void noLimitIsWhatTheJvmSees(int available) {
        assertEquals(available, Cores.of(available, OptionalInt.empty()));
    }

    @Test
    void readsTheDownwardApiValueInWholeCpus() {
        assertEquals(OptionalInt.of(3), Cores.limit("3"));
        assertEquals(OptionalInt.of(16), Cores.limit(" 16\n"));
        assertEquals(OptionalInt.empty(), Cores.limit(null));
        assertEquals(OptionalInt.empty(), Cores.limit(""));
        assertEquals(OptionalInt.empty(), Cores.limit("  "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "1500m", "1.5", "two", "99999999999", "+2"})
    void refusesAnythingButWholeCpusNamingTheVariable(String value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Cores.limit(value));
        assertTrue(e.getMessage().contains(Cores.LIMIT_ENV) && e.getMessage().contains(value), e.getMessage());
    }

    @Test
    void refusesImpossibleInputs() {
        assertThrows(IllegalArgumentException.class, () -> Cores.of(0, OptionalInt.empty()));
        assertThrows(IllegalArgumentException.class, () -> Cores.of(2, OptionalInt.of(0)));
    }

    @Test
    void eventLoopsAreTheRulesCount() {
        int expected = Cores.of(Runtime.getRuntime().availableProcessors(), Cores.limit(System.getenv(Cores.LIMIT_ENV)));
        assertEquals(expected, Cores.ofThisProcess());
        EventLoopsPerCore source = new EventLoopsPerCore();
        assertEquals(Integer.toString(expected), source.getValue("quarkus.vertx.event-loops-pool-size"));
        assertEquals(Integer.toString(expected), source.getValue("quarkus.http.io-threads"));
        assertEquals(null, source.getValue("quarkus.http.port"));
    }
}
