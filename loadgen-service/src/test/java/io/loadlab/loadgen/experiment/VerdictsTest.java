package io.loadlab.loadgen.experiment;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VerdictsTest {

    private final Verdicts verdicts = new Verdicts(Thresholds.DEFAULTS);

    private static Double d(String s) {
        return s == null || s.isBlank() ? null : Double.valueOf(s);
    }

    @ParameterizedTest(name = "cpu={0} link={1} lg={2}/{3} lag={4} -> {5}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
            // targetCpu | link | loadgenCpu | loops| lag  | verdict           | trustworthy
            "0.97        | 0.12 | 0.40       | 0.01 | -    | cpu-bound         | true",
            "0.85        | 0.12 | 0.40       | 0.01 | -    | cpu-bound         | true",
            "0.84        | 0.12 | 0.40       | 0.01 | -    | concurrency-bound | true",
            "0.20        | 0.96 | 0.30       | 0.00 | -    | network-bound     | true",
            "0.20        | 0.85 | 0.30       | 0.00 | -    | network-bound     | true",
            "0.95        | 0.99 | 0.30       | 0.00 | -    | network-bound     | true",
            "0.99        | 0.90 | 0.30       | 0.00 | -    | cpu-bound         | true",
            "0.60        | 0.50 | 0.95       | 0.00 | -    | loadgen-bound     | false",
            "0.60        | 0.50 | 0.50       | 0.95 | -    | loadgen-bound     | false",
            "0.99        | 0.10 | 0.60       | 0.92 | -    | loadgen-bound     | false",
            "0.99        | 0.10 | 0.60       | 0.80 | -    | cpu-bound         | true",
            "0.30        | 0.10 | 0.30       | 0.00 | 0.25 | loadgen-bound     | false",
            "0.30        | 0.10 | 0.30       | 0.00 | 0.05 | concurrency-bound | true",
            "0.95        | 0.10 | 0.30       | 0.00 | 0.25 | cpu-bound         | true",
            "-           | -    | 0.30       | -    | -    | concurrency-bound | true",
            "-           | 0.90 | -          | -    | -    | network-bound     | true",
    })
    void decidesFromTheEvidence(String cpu, String link, String lg, String wait, String lag, String verdict,
                                boolean trustworthy) {
        Evidence e = new Evidence(d(cpu), d(link), d(lg), d(wait), d(lag));
        Verdict v = verdicts.decide(e);
        assertEquals(verdict, v.verdict(), v.reason());
        assertEquals(trustworthy, v.trustworthy());
        assertSame(e, v.evidence(), "the verdict carries the figures it rests on");
        assertTrue(!v.reason().isBlank());
    }

    @ParameterizedTest
    @CsvSource({"0.7, cpu-bound", "0.69, concurrency-bound"})
    void thresholdsAreConfiguration(double cpu, String verdict) {
        Verdicts lower = new Verdicts(new Thresholds(0.7, 0.85, 0.9, 0.1));
        assertEquals(verdict, lower.decide(new Evidence(cpu, 0.1, 0.1, 0.0, null)).verdict());
    }
}
