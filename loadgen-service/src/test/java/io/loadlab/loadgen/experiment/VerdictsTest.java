package io.loadlab.loadgen.experiment;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VerdictsTest {

    private final Verdicts verdicts = new Verdicts(Thresholds.DEFAULTS);

    private static Double d(String s) {
        return s == null || s.isBlank() ? null : Double.valueOf(s);
    }

    @ParameterizedTest(name = "cpu={0} wait={1} thr={2} link={3} lg={4}/{5} lgWait={6} lgThr={7} lag={8} -> {9}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
            // cpu | wait | thrtl | link | lgCpu | loops | lgWait | lgThr | lag  | verdict           | trustworthy
            // the first four verdicts, without wait or throttling figures (an older target, a kernel without schedstat)
            "0.97  | -    | -     | 0.12 | 0.40  | 0.01  | -      | -     | -    | cpu-bound         | true",
            "0.85  | -    | -     | 0.12 | 0.40  | 0.01  | -      | -     | -    | cpu-bound         | true",
            "0.84  | -    | -     | 0.12 | 0.40  | 0.01  | -      | -     | -    | concurrency-bound | true",
            "0.20  | -    | -     | 0.96 | 0.30  | 0.00  | -      | -     | -    | network-bound     | true",
            "0.20  | -    | -     | 0.85 | 0.30  | 0.00  | -      | -     | -    | network-bound     | true",
            "0.95  | -    | -     | 0.99 | 0.30  | 0.00  | -      | -     | -    | network-bound     | true",
            "0.99  | -    | -     | 0.90 | 0.30  | 0.00  | -      | -     | -    | cpu-bound         | true",
            "0.60  | -    | -     | 0.50 | 0.95  | 0.00  | -      | -     | -    | loadgen-bound     | false",
            "0.60  | -    | -     | 0.50 | 0.50  | 0.95  | -      | -     | -    | loadgen-bound     | false",
            "0.99  | -    | -     | 0.10 | 0.60  | 0.92  | -      | -     | -    | loadgen-bound     | false",
            "0.99  | -    | -     | 0.10 | 0.60  | 0.80  | -      | -     | -    | cpu-bound         | true",
            "0.30  | -    | -     | 0.10 | 0.30  | 0.00  | -      | -     | 0.25 | loadgen-bound     | false",
            "0.30  | -    | -     | 0.10 | 0.30  | 0.00  | -      | -     | 0.05 | concurrency-bound | true",
            "0.95  | -    | -     | 0.10 | 0.30  | 0.00  | -      | -     | 0.25 | cpu-bound         | true",
            // nothing measured of the target or the link: unknown (before: concurrency-bound, nulls read as 0)
            "-     | -    | -     | -    | 0.30  | -     | -      | -     | -    | unknown           | true",
            "0.30  | -    | -     | -    | 0.30  | -     | -      | -     | -    | unknown           | true",
            "-     | -    | -     | 0.30 | 0.30  | -     | -      | -     | -    | unknown           | true",
            "-     | -    | -     | 0.90 | -     | -     | -      | -     | -    | network-bound     | true",
            // the busy machine: target 30% and loadgen 37%, each waiting for a CPU others held
            "0.30  | 0.62 | 0.00  | 0.05 | 0.37  | 0.55  | 0.30   | 0.00  | -    | cpu-contended     | true",
            // contended: CPU + wait fills the cores; or the wait alone is large enough to have slowed every request
            "0.50  | 0.50 | 0.00  | 0.05 | 0.30  | 0.40  | 0.02   | 0.00  | -    | cpu-contended     | true",
            "0.30  | 0.10 | 0.00  | 0.05 | 0.30  | 0.40  | 0.02   | 0.00  | -    | cpu-contended     | true",
            "0.30  | 0.09 | 0.00  | 0.05 | 0.30  | 0.40  | 0.02   | 0.00  | -    | concurrency-bound | true",
            "0.80  | 0.06 | 0.00  | 0.05 | 0.30  | 0.40  | 0.02   | 0.00  | -    | concurrency-bound | true",
            // throttled: the quota is the ceiling; throttled time is run-queue wait too, throttling is named first
            "0.50  | 0.48 | 0.90  | 0.05 | 0.30  | 0.40  | 0.02   | 0.00  | -    | cpu-throttled     | true",
            "0.50  | 0.02 | 0.25  | 0.05 | 0.30  | 0.40  | 0.02   | 0.00  | -    | cpu-throttled     | true",
            "0.50  | 0.02 | 0.24  | 0.05 | 0.30  | 0.40  | 0.02   | 0.00  | -    | concurrency-bound | true",
            // a target filling its cores is cpu-bound even when its quota (its cores) throttles it; a full link wins too
            "0.95  | 0.30 | 0.60  | 0.05 | 0.30  | 0.40  | 0.02   | 0.00  | -    | cpu-bound         | true",
            "0.40  | 0.30 | 0.60  | 0.95 | 0.30  | 0.40  | 0.02   | 0.00  | -    | network-bound     | true",
            // the loadgen first: starved (its loops wait) or throttled, whatever the target shows
            "0.30  | 0.60 | 0.00  | 0.05 | 0.45  | 0.95  | 0.50   | 0.00  | -    | loadgen-bound     | false",
            "0.50  | 0.48 | 0.90  | 0.05 | 0.30  | 0.40  | 0.02   | 0.30  | -    | loadgen-bound     | false",
            "0.95  | 0.00 | 0.00  | 0.05 | 0.30  | 0.40  | 0.02   | 0.30  | -    | loadgen-bound     | false",
            // both waited, the target with room to spare: the starved generator set the pace (a busy CI run's cell)
            "0.33  | 0.18 | 0.00  | 0.01 | 0.35  | 0.89  | 2.05   | 0.00  | -    | loadgen-bound     | false",
            // ...but a target that CPU + wait fills is contended, whatever the loadgen waited
            "0.40  | 0.50 | 0.00  | 0.01 | 0.35  | 0.89  | 2.05   | 0.00  | -    | cpu-contended     | true",
            // only the loadgen waited: it is not measuring the target
            "0.30  | 0.02 | 0.00  | 0.05 | 0.30  | 0.40  | 0.10   | 0.00  | -    | loadgen-bound     | false",
            "0.30  | 0.02 | 0.00  | 0.05 | 0.30  | 0.40  | 0.09   | 0.00  | -    | concurrency-bound | true",
            // lag with the target waiting: the target's wait explains the lag, it is named
            "0.30  | 0.50 | 0.00  | 0.05 | 0.30  | 0.40  | 0.02   | 0.00  | 0.30 | cpu-contended     | true",
    })
    void decidesFromTheEvidence(String cpu, String wait, String thr, String link, String lg, String loops, String lgWait,
                                String lgThr, String lag, String verdict, boolean trustworthy) {
        Evidence e = new Evidence(d(cpu), d(wait), d(thr), null, d(link), d(lg), d(loops), d(lgWait), d(lgThr), d(lag));
        Verdict v = verdicts.decide(e);
        assertEquals(verdict, v.verdict(), v.reason());
        assertEquals(trustworthy, v.trustworthy());
        assertSame(e, v.evidence(), "the verdict carries the figures it rests on");
        assertTrue(!v.reason().isBlank());
    }

    @Test
    void reasonsShowTheWaitAndTheQuota() {
        Verdict contended = verdicts.decide(new Evidence(0.45, 0.5, 0.0, null, 0.0, 0.3, 0.4, 0.02, 0.0, null));
        assertTrue(contended.reason().contains("CPU 0.45 + wait = 0.95 >= 0.85"), contended.reason());
        Verdict throttled = verdicts.decide(new Evidence(0.5, 0.48, 0.97, 0.5, 0.0, 0.3, 0.4, 0.02, 0.0, null));
        assertTrue(throttled.reason().contains("throttled in 0.97 of its CFS periods") && throttled.reason().contains("quota 0.50 cores"),
                throttled.reason());
        Verdict starved = verdicts.decide(new Evidence(0.3, 0.6, 0.0, null, 0.0, 0.45, 0.95, 0.5, 0.0, null));
        assertTrue(starved.reason().contains("run-queue wait 0.50"), starved.reason());
    }

    @ParameterizedTest
    @CsvSource({"0.7, cpu-bound", "0.69, concurrency-bound"})
    void thresholdsAreConfiguration(double cpu, String verdict) {
        Verdicts lower = new Verdicts(new Thresholds(0.7, 0.85, 0.9, 0.1, 0.1, 0.25));
        assertEquals(verdict, lower.decide(Evidence.of(cpu, 0.1, 0.1, 0.0, null)).verdict());
    }

    @ParameterizedTest
    @CsvSource({"0.2, 0.2, cpu-contended", "0.2, 0.21, concurrency-bound"})
    void runQueueWaitIsConfiguration(double wait, double threshold, String verdict) {
        Thresholds t = new Thresholds(0.85, 0.85, 0.9, 0.1, threshold, 0.25);
        assertEquals(verdict, new Verdicts(t).decide(new Evidence(0.3, wait, 0.0, null, 0.0, 0.1, 0.1, 0.0, 0.0, null)).verdict());
    }

    @ParameterizedTest
    @CsvSource({"0.5, 0.5, cpu-throttled", "0.5, 0.51, concurrency-bound"})
    void throttledPeriodsIsConfiguration(double share, double threshold, String verdict) {
        Thresholds t = new Thresholds(0.85, 0.85, 0.9, 0.1, 0.1, threshold);
        assertEquals(verdict, new Verdicts(t).decide(new Evidence(0.3, 0.0, share, null, 0.0, 0.1, 0.1, 0.0, 0.0, null)).verdict());
    }

    @Test
    void thresholdsAreRatios() {
        assertThrows(IllegalArgumentException.class, () -> new Thresholds(0.85, 0.85, 0.9, 0.1, 0, 0.25));
        assertThrows(IllegalArgumentException.class, () -> new Thresholds(0.85, 0.85, 0.9, 0.1, 0.1, 1.5));
    }

    private static Evidence foreign(Double cpu, Double wait, Double link, String scope) {
        return new Evidence(cpu, wait, null, null, link, 0.3, 0.4, 0.02, null, null, scope, "prometheus node", null,
                Map.of("targetCpu", "Prometheus at http://127.0.0.1:9 did not answer: Connection refused",
                        "linkUtilisation", "no link capacity: no iperf3 server, no download, no linkMbps",
                        "targetWait", "node_schedstat_waiting_seconds_total matched no series",
                        "targetThrottled", "the preset cannot give it"));
    }

    @Test
    void anUnmeasuredCpuIsUnknownNamingItAndItsReasonNeverConcurrencyBound() {
        Verdict v = verdicts.decide(foreign(null, null, 0.30, null));
        assertEquals(Verdict.UNKNOWN, v.verdict());
        assertTrue(v.reason().startsWith("targetCpu unmeasured: Prometheus at http://127.0.0.1:9 did not answer: "
                + "Connection refused; cannot tell cpu-bound from concurrency-bound"), v.reason());
        assertEquals(List.of("loadgenCpu", "loadgenLoops", "linkUtilisation", "loadgenWait"), v.judgedFrom());
    }

    /** Before: loadgen-bound, as if the target had room to spare, which nothing measured (a Prometheus gone mid-cell). */
    @Test
    void aWaitingLoadgenWithTheTargetsCpuUnmeasuredIsUnknownNotLoadgenBound() {
        Evidence e = new Evidence(null, null, null, null, 0.30, 0.3, 0.4, 0.35, null, null, null, "prometheus process", null,
                Map.of("targetCpu", "Prometheus at http://127.0.0.1:9 did not answer: Connection refused"));
        Verdict v = verdicts.decide(e);
        assertEquals(Verdict.UNKNOWN, v.verdict(), v.reason());
        assertEquals(false, v.trustworthy(), "the generator waited: its figures are not to be trusted either");
        assertTrue(v.reason().startsWith("targetCpu unmeasured: Prometheus at http://127.0.0.1:9 did not answer"), v.reason());
        assertTrue(v.reason().contains("cannot tell whether the generator or the target set the pace"), v.reason());
        assertTrue(!v.judgedFrom().contains("targetCpu") && v.judgedFrom().contains("loadgenWait"), v.judgedFrom().toString());
    }

    @Test
    void anUnmeasuredLinkIsUnknownToo() {
        Verdict v = verdicts.decide(foreign(0.30, 0.0, null, null));
        assertEquals(Verdict.UNKNOWN, v.verdict());
        assertTrue(v.reason().startsWith("linkUtilisation unmeasured: no link capacity"), v.reason());
        assertTrue(!v.judgedFrom().contains("linkUtilisation") && v.judgedFrom().contains("targetCpu"), v.judgedFrom().toString());
    }

    @Test
    void aMeasuredFullLinkIsNetworkBoundWithTheCpuUnmeasured() {
        Verdict v = verdicts.decide(foreign(null, null, 0.95, null));
        assertEquals(Verdict.NETWORK, v.verdict());
        assertTrue(v.reason().contains("the target's CPU was unmeasured (Prometheus at"), v.reason());
        assertTrue(v.judgedFrom().contains("linkUtilisation") && !v.judgedFrom().contains("targetCpu"));
    }

    @Test
    void concurrencyBoundWithoutWaitOrThrottlingSaysItWasJudgedWithoutThem() {
        Verdict v = verdicts.decide(foreign(0.30, null, 0.30, null));
        assertEquals(Verdict.CONCURRENCY, v.verdict());
        assertTrue(v.reason().endsWith("; judged without targetWait (node_schedstat_waiting_seconds_total matched no series), "
                + "targetThrottled (the preset cannot give it)"), v.reason());
        assertEquals(List.of("loadgenCpu", "loadgenLoops", "targetCpu", "linkUtilisation", "loadgenWait"), v.judgedFrom());
    }

    @Test
    void fullPinnedCoresWithARunQueueWaitAreANeighbourNotTheTarget() {
        assertEquals(Verdict.CONTENDED, verdicts.decide(foreign(0.97, 0.40, 0.10, "cores")).verdict());
        assertEquals(Verdict.CPU, verdicts.decide(foreign(0.97, 0.40, 0.10, null)).verdict(), "the target's own CPU: as before");
        Verdict alone = verdicts.decide(foreign(0.97, 0.02, 0.10, "cores"));
        assertEquals(Verdict.CPU, alone.verdict());
        assertTrue(alone.judgedFrom().contains("targetWait"), alone.judgedFrom().toString());
        Verdict blind = verdicts.decide(foreign(0.97, null, 0.10, "cores"));
        assertEquals(Verdict.UNKNOWN, blind.verdict());
        assertTrue(blind.reason().startsWith("targetWait unmeasured: node_schedstat_waiting_seconds_total matched no series"),
                blind.reason());
    }

    /** The netns bed's figures: nginx behind 50 Mbit/s, its core full of other builds' work, PSI 0.89. */
    @Test
    void aFullLinkOutranksFullPinnedCoresThatMayBeSomeoneElses() {
        assertEquals(Verdict.NETWORK, verdicts.decide(foreign(1.00, 0.89, 0.96, "cores")).verdict());
        assertEquals(Verdict.CPU, verdicts.decide(foreign(1.00, 0.89, 0.96, null)).verdict(), "its own CPU, further past: as before");
    }

    @Test
    void everyVerdictSaysWhatItWasJudgedFrom() {
        Verdict cpu = verdicts.decide(new Evidence(0.97, 0.0, 0.0, null, 0.1, 0.3, 0.4, 0.02, 0.0, null));
        assertEquals(List.of("loadgenCpu", "loadgenLoops", "loadgenThrottled", "targetCpu", "linkUtilisation"), cpu.judgedFrom());
        Verdict loadgen = verdicts.decide(new Evidence(0.3, 0.0, 0.0, null, 0.1, 0.95, 0.4, 0.02, 0.0, null));
        assertEquals(List.of("loadgenCpu", "loadgenLoops", "loadgenThrottled"), loadgen.judgedFrom());
    }
}
