package io.loadlab.loadgen.experiment;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProbeDurationTest {

    private static final Duration MIN = Duration.ofSeconds(5);
    private static final Duration MAX = Duration.ofSeconds(60);

    @Test
    void aFastRateKeepsTheExperimentsDuration() {
        ProbeDuration d = ProbeDuration.of(10_000, 2, MIN, MAX);
        assertEquals(MIN, d.duration());
        assertEquals(49_998, d.expectedSamples());
        assertTrue(d.enough());
    }

    @Test
    void aSlowRateRunsLongEnoughForAThousandSamplesEvenWhenEveryThreadSendsOneShort() {
        for (double rate : new double[]{20, 33.3, 100, 150, 199.9}) {
            for (int threads = 1; threads <= 8; threads++) {
                ProbeDuration d = ProbeDuration.of(rate, threads, MIN, MAX);
                long worst = (long) Math.floor(rate * d.duration().toNanos() / 1e9) - threads;
                assertTrue(worst >= ProbeDuration.MIN_SAMPLES, rate + "/s x " + d.duration() + " on " + threads + " threads");
                assertTrue(d.enough());
                assertTrue(d.duration().compareTo(MIN) > 0);
            }
        }
        assertEquals(Duration.ofMillis(10_010), ProbeDuration.of(100, 1, MIN, MAX).duration(), "(1000 + 1) / 100 s");
    }

    @Test
    void aRateTooSlowForTheMaximumRunsTheMaximumAndSaysSo() {
        ProbeDuration d = ProbeDuration.of(5, 1, MIN, MAX);
        assertEquals(MAX, d.duration());
        assertEquals(299, d.expectedSamples());
        assertFalse(d.enough());
    }
}
