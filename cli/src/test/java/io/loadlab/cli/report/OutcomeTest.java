package io.loadlab.cli.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class OutcomeTest {

    private static final ThresholdLine FAILED = new ThresholdLine("p99Millis", "< 50", 73.2, false, null);
    private static final ThresholdLine PASSED = new ThresholdLine("errors", "< 10", 0.0, true, null);

    @Test
    void aCompletedRunWithoutThresholdsPasses() {
        assertEquals(0, Outcome.of("completed", null, null).code());
    }

    @Test
    void everyThresholdPassedIsZeroAndOneFailedIsOne() {
        assertEquals(0, Outcome.of("completed", new Gate(true, List.of(PASSED), null, null), null).code());
        Outcome failed = Outcome.of("completed", new Gate(false, List.of(PASSED, FAILED), null, "p99Millis < 50: 73.2"), null);
        assertEquals(1, failed.code());
        assertEquals("p99Millis < 50: 73.2", failed.why());
    }

    @Test
    void aFailedOrCancelledJobIsThreeEvenWithPassingFigures() {
        Gate gate = new Gate(false, List.of(PASSED), null, "the run failed");
        assertEquals(3, Outcome.of("failed", gate, "refused").code());
        assertEquals(3, Outcome.of("cancelled", null, null).code());
    }

    @Test
    void aRunAThresholdAbortedIsOneWhateverItsState() {
        Gate aborted = new Gate(false, List.of(FAILED), "errors < 10", "aborted");
        assertEquals(1, Outcome.of("cancelled", aborted, null).code());
        assertEquals(1, Outcome.of("completed", aborted, null).code());
    }
}
