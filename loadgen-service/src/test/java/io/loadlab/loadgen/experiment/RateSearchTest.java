package io.loadlab.loadgen.experiment;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The search against a fake system whose p99 explodes past a knee: no load is run. */
class RateSearchTest {

    /** p99 1 ms up to the knee, 1 s beyond it. */
    static RateSearch.Probe knee(double knee, double sloMillis) {
        return rate -> {
            double p99 = rate <= knee ? 1 : 1000;
            return new ProbePoint(rate, p99, 0, rate, "run-" + rate, p99 <= sloMillis, 5000, false);
        };
    }

    @Test
    void stepsUpThenBisectsToTheKnee() {
        SearchSpec s = new SearchSpec(10, 0.01, 100, 100_000, 20, 0.05);
        SearchResult r = RateSearch.run("t", 1, "v", s, 1, knee(1000, 10), () -> false);
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
        SearchResult r = RateSearch.run("t", 1, "v", s, 1, knee(1000, 10), () -> false);
        assertEquals(6, r.curve().size());
        assertEquals(800.0, r.sustainableRate());
        assertTrue(r.note().contains("maxSteps"));
    }

    @Test
    void stopsAtMaxRateWhenEverythingIsGood() {
        SearchSpec s = new SearchSpec(10, 0.01, 100, 500, 20, 0.05);
        SearchResult r = RateSearch.run("t", 1, "v", s, 1, knee(1e9, 10), () -> false);
        assertEquals(List.of(100.0, 200.0, 400.0, 500.0), r.curve().stream().map(ProbePoint::rate).toList());
        assertEquals(500.0, r.sustainableRate());
    }

    @Test
    void noGoodRateAnswersNone() {
        SearchSpec s = new SearchSpec(10, 0.01, 100, 1000, 8, 0.05);
        SearchResult r = RateSearch.run("t", 1, "v", s, 1, knee(0, 10), () -> false);
        assertNull(r.sustainableRate());
        assertTrue(r.curve().size() <= 8);
        assertTrue(r.curve().get(1).rate() < 100, "bisects downwards below the start rate");
    }

    @Test
    void stopsWhenCancelled() {
        SearchSpec s = new SearchSpec(10, 0.01, 100, 100_000, 20, 0.05);
        int[] calls = {0};
        SearchResult r = RateSearch.run("t", 1, "v", s, 1, rate -> {
            calls[0]++;
            return new ProbePoint(rate, 1, 0, rate, null, true, 5000, false);
        }, () -> calls[0] >= 2);
        assertEquals(2, r.curve().size());
        assertEquals("cancelled", r.note());
    }

    /** A precision finer than the rate floor allows would bisect below it, where no schedule can run (issue 10). */
    @Test
    void neverProbesBelowTheLowestAcceptedRate() {
        SearchSpec s = new SearchSpec(10, 0.01, 1, 1000, 50, 0.0001);
        SearchResult r = RateSearch.run("t", 1, "v", s, 1, knee(0, 10), () -> false);
        assertNull(r.sustainableRate());
        assertTrue(r.curve().size() < 50, "stopped by the floor, not by maxSteps: " + r.note());
        for (ProbePoint p : r.curve()) {
            assertTrue(p.rate() >= io.loadlab.loadgen.engine.RateSchedule.MIN_PER_SECOND, "probed " + p.rate());
        }
    }

    @Test
    void aKneeFoundIsBracketedWithItsGap() {
        SearchSpec s = new SearchSpec(10, 0.01, 100, 100_000, 20, 0.05);
        SearchResult r = RateSearch.run("t", 1, "v", s, 1, knee(1000, 10), () -> false);
        assertEquals(SearchOutcome.BRACKETED, r.outcome());
        assertTrue(r.sustainableRate() <= 1000 && r.failingRate() > 1000, r.toString());
        assertEquals((r.failingRate() - r.sustainableRate()) / r.sustainableRate(), r.gap(), 1e-12);
        assertTrue(r.gap() <= 0.05, "converged within precision: " + r.gap());
    }

    @Test
    void neverFailingUpToTheLimitsIsALowerBound() {
        SearchResult byRate = RateSearch.run("t", 1, "v", new SearchSpec(10, 0.01, 100, 500, 20, 0.05), 1,
                knee(1e9, 10), () -> false);
        assertEquals(SearchOutcome.LOWER_BOUND, byRate.outcome());
        assertNull(byRate.failingRate());
        assertNull(byRate.gap());
        SearchResult bySteps = RateSearch.run("t", 1, "v", new SearchSpec(10, 0.01, 100, 1e6, 3, 0.05), 1,
                knee(1e9, 10), () -> false);
        assertEquals(SearchOutcome.LOWER_BOUND, bySteps.outcome());
        assertEquals(400.0, bySteps.sustainableRate());
    }

    @Test
    void failingEverywhereIsAnUpperBound() {
        SearchResult r = RateSearch.run("t", 1, "v", new SearchSpec(10, 0.01, 100, 1000, 8, 0.05), 1, knee(0, 10),
                () -> false);
        assertEquals(SearchOutcome.UPPER_BOUND, r.outcome());
        assertNull(r.sustainableRate());
        assertEquals(r.curve().stream().mapToDouble(ProbePoint::rate).min().orElseThrow(), r.failingRate());
    }

    /** A generator that cannot send more than 700/s against a target whose knee is at 1000/s. */
    @Test
    void aGeneratorSaturatedBeforeTheTargetFailedIsGeneratorLimited() {
        RateSearch.Probe saturating = rate -> {
            double achieved = Math.min(rate, 700);
            boolean lagging = achieved < rate * 0.9;
            return new ProbePoint(rate, rate <= 1000 ? 1 : 1000, 0, achieved, "run-" + rate, !lagging && rate <= 1000,
                    5000, lagging);
        };
        SearchResult r = RateSearch.run("t", 1, "v", new SearchSpec(10, 0.01, 100, 100_000, 20, 0.05), 1, saturating,
                () -> false);
        assertEquals(SearchOutcome.GENERATOR_LIMITED, r.outcome());
        assertEquals(400.0, r.sustainableRate(), "the last rate the generator could send and the target met");
        assertNull(r.failingRate(), "the target never failed: no failing rate is claimed");
        assertEquals(800.0, r.curve().get(r.curve().size() - 1).rate(), "stopped at the first saturated probe");
        assertTrue(r.note().contains("800.0/s") && r.note().contains("700.0/s"), r.note());
    }

    /** Near its knee the fake target meets the SLO on every other run: three repeats of such a rate disagree. */
    @Test
    void repeatsThatDisagreeAreInconclusive() {
        int[] calls = {0};
        RateSearch.Probe noisy = rate -> {
            boolean ok = rate <= 900 || (rate < 1100 && calls[0]++ % 2 == 0);
            return new ProbePoint(rate, ok ? 1 : 1000, 0, rate, "run-" + rate, ok, 5000, false);
        };
        SearchResult r = RateSearch.run("t", 1, "v", new SearchSpec(10, 0.01, 100, 100_000, 20, 0.01), 3, noisy,
                () -> false);
        assertEquals(SearchOutcome.INCONCLUSIVE, r.outcome());
        List<Double> rates = r.curve().stream().map(ProbePoint::rate).toList();
        assertEquals(List.of(100.0, 100.0, 100.0, 200.0, 200.0, 200.0, 400.0, 400.0, 400.0, 800.0, 800.0, 800.0,
                1600.0, 1600.0, 1600.0, 1200.0, 1200.0, 1200.0, 1000.0, 1000.0, 1000.0), rates,
                "each rate three times in a row, bisecting until the repeats disagree at 1000");
        assertEquals(800.0, r.sustainableRate());
        assertEquals(1200.0, r.failingRate());
        assertNull(r.gap(), "no gap is claimed for an inconclusive search");
        assertTrue(r.note().contains("2 of 3 repeats"), r.note());
    }

    @Test
    void repeatsThatAgreeStillBracket() {
        SearchSpec s = new SearchSpec(10, 0.01, 100, 100_000, 20, 0.05);
        SearchResult r = RateSearch.run("t", 1, "v", s, 3, knee(1000, 10), () -> false);
        assertEquals(SearchOutcome.BRACKETED, r.outcome());
        assertEquals(0, r.curve().size() % 3);
    }

    @Test
    void probesOnFewerThanAThousandSamplesAreNamed() {
        SearchResult r = RateSearch.run("t", 1, "v", new SearchSpec(10, 0.01, 100, 400, 20, 0.05), 1,
                rate -> new ProbePoint(rate, 1, 0, rate, null, true, rate >= 400 ? 1200 : 300, false), () -> false);
        assertTrue(r.note().contains("the p99 of 2 of 3 probes rests on fewer than 1000 samples"), r.note());
        SearchResult enough = RateSearch.run("t", 1, "v", new SearchSpec(10, 0.01, 100, 400, 20, 0.05), 1,
                knee(1e9, 10), () -> false);
        assertFalse(enough.note().contains("fewer than"), enough.note());
    }
}
