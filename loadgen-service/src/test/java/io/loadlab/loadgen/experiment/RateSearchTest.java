package io.loadlab.loadgen.experiment;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The search against a fake system whose p99 explodes past a knee: no load is run. */
class RateSearchTest {

    /** p99 1 ms up to the knee, 1 s beyond it. */
    static RateSearch.Probe knee(double knee, double sloMillis) {
        return rate -> {
            double p99 = rate <= knee ? 1 : 1000;
            return new ProbePoint(rate, p99, 0, rate, "run-" + rate, p99 <= sloMillis);
        };
    }

    @Test
    void stepsUpThenBisectsToTheKnee() {
        SearchSpec s = new SearchSpec(10, 0.01, 100, 100_000, 20, 0.05);
        SearchResult r = RateSearch.run("t", 1, "v", s, knee(1000, 10), () -> false);
        List<Double> rates = r.curve().stream().map(ProbePoint::rate).toList();
        assertEquals(List.of(100.0, 200.0, 400.0, 800.0, 1600.0), rates.subList(0, 5), "doubling until the first miss");
        assertTrue(r.sustainableRate() <= 1000 && r.sustainableRate() >= 1000 / 1.05, "found " + r.sustainableRate());
        assertTrue(r.note().startsWith("converged"), r.note());
        for (ProbePoint p : r.curve()) {
            assertEquals(p.rate() <= 1000, p.ok(), "every probed rate is in the curve with its outcome");
        }
    }

    @Test
    void neverMoreThanMaxSteps() {
        SearchSpec s = new SearchSpec(10, 0.01, 100, 100_000, 6, 0.0001);
        SearchResult r = RateSearch.run("t", 1, "v", s, knee(1000, 10), () -> false);
        assertEquals(6, r.curve().size());
        assertEquals(800.0, r.sustainableRate());
        assertTrue(r.note().contains("maxSteps"));
    }

    @Test
    void stopsAtMaxRateWhenEverythingIsGood() {
        SearchSpec s = new SearchSpec(10, 0.01, 100, 500, 20, 0.05);
        SearchResult r = RateSearch.run("t", 1, "v", s, knee(1e9, 10), () -> false);
        assertEquals(List.of(100.0, 200.0, 400.0, 500.0), r.curve().stream().map(ProbePoint::rate).toList());
        assertEquals(500.0, r.sustainableRate());
    }

    @Test
    void noGoodRateAnswersNone() {
        SearchSpec s = new SearchSpec(10, 0.01, 100, 1000, 8, 0.05);
        SearchResult r = RateSearch.run("t", 1, "v", s, knee(0, 10), () -> false);
        assertNull(r.sustainableRate());
        assertTrue(r.curve().size() <= 8);
        assertTrue(r.curve().get(1).rate() < 100, "bisects downwards below the start rate");
    }

    @Test
    void stopsWhenCancelled() {
        SearchSpec s = new SearchSpec(10, 0.01, 100, 100_000, 20, 0.05);
        int[] calls = {0};
        SearchResult r = RateSearch.run("t", 1, "v", s, rate -> {
            calls[0]++;
            return new ProbePoint(rate, 1, 0, rate, null, true);
        }, () -> calls[0] >= 2);
        assertEquals(2, r.curve().size());
        assertEquals("cancelled", r.note());
    }

    /** A precision finer than the rate floor allows would bisect below it, where no schedule can run (issue 10). */
    @Test
    void neverProbesBelowTheLowestAcceptedRate() {
        SearchSpec s = new SearchSpec(10, 0.01, 1, 1000, 50, 0.0001);
        SearchResult r = RateSearch.run("t", 1, "v", s, knee(0, 10), () -> false);
        assertNull(r.sustainableRate());
        assertTrue(r.curve().size() < 50, "stopped by the floor, not by maxSteps: " + r.note());
        for (ProbePoint p : r.curve()) {
            assertTrue(p.rate() >= io.loadlab.loadgen.engine.RateSchedule.MIN_PER_SECOND, "probed " + p.rate());
        }
    }
}
