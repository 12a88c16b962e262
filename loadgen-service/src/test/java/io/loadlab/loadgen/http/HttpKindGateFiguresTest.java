package io.loadlab.loadgen.http;

import io.loadlab.loadgen.report.Disturbance;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.run.RunProgress;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An http run's figures for thresholds: from its report, in its units, absent (never 0) where not measured. */
class HttpKindGateFiguresTest {

    private static final HttpKind KIND = new HttpKind(null, null, null);
    private static final LatencySummary LATENCY = new LatencySummary(1500.5, 10, 200, 800, 1000, 1200, 1400, 2345.6,
            3000, 3100, 3200, 4000, 300);

    @Test
    void anOpenRunsFiguresAreTheReportsInMillisAndRatios() {
        HttpReport r = new HttpReport(297, 3.0, 99.0, 0, 0, new HttpErrors(1, 0, 0, 0, 2, 0), LATENCY, null, null, 4,
                100.0, 99.0);
        Map<String, Double> f = KIND.gateFigures(null, r);
        assertEquals(297.0, f.get("requests"));
        assertEquals(3.0, f.get("errors"));
        assertEquals(0.01, f.get("errorRate"), "3 of 297 + 3");
        assertEquals(99.0, f.get("requestsPerSecond"));
        assertEquals(0.99, f.get("achievedRateRatio"));
        assertEquals(2.3456, f.get("p99Millis"), "2345.6 us, decimal");
        assertEquals(1.5005, f.get("meanMillis"));
        assertEquals(4.0, f.get("maxMillis"));
        assertEquals(0.0, f.get("trustworthy"), "99/s of 100/s asked over 3 s: 3 requests short, more than one");
        assertTrue(KIND.gateFigureNames().containsAll(f.keySet()), f.keySet().toString());
    }

    @Test
    void aClosedRunHasNoRatioAndIsUntrustworthyOnlyWhenDisturbed() {
        HttpReport r = new HttpReport(10, 1.0, 10.0, 0, 0, null, LATENCY, null, null, 1, 0, 10);
        Map<String, Double> f = KIND.gateFigures(null, r);
        assertFalse(f.containsKey("achievedRateRatio"));
        assertEquals(1.0, f.get("trustworthy"));
        assertEquals(0.0, f.get("errorRate"));
        Map<String, Double> disturbed = KIND.gateFigures(null, r.withDisturbance(new Disturbance(20_000, 0, 0, "late")));
        assertEquals(0.0, disturbed.get("trustworthy"));
    }

    @Test
    void whatWasNotMeasuredIsAbsent() {
        HttpReport none = new HttpReport(0, 1.0, 0, 0, 0, null, LatencySummary.EMPTY, null, null, 0, 0, 0);
        Map<String, Double> f = KIND.gateFigures(null, none);
        assertFalse(f.containsKey("p99Millis"), "no latency measured: no figure, not 0");
        assertFalse(f.containsKey("errorRate"), "nothing answered nor failed: no rate");
        assertFalse(f.containsKey("tlsHandshakeP99Millis"));
        assertEquals(0.0, f.get("requests"));
    }

    @Test
    void liveFiguresAreTheProgresssCounts() {
        Map<String, Double> live = KIND.liveGateFigures(null, new RunProgress(1.5, false, 90, 60, 10, 0, 0, 4, 0, null));
        assertEquals(Map.of("requests", 90.0, "errors", 10.0, "errorRate", 0.1), live);
        assertEquals(KIND.liveGateFigureNames(), live.keySet());
    }
}
