package io.loadlab.loadgen.run;

import io.loadlab.loadgen.job.DataDir;
import io.loadlab.loadgen.gate.GateResult;
import io.loadlab.loadgen.gate.GateSpec;
import io.loadlab.loadgen.job.ActiveJob;
import io.loadlab.loadgen.job.JobIds;
import io.loadlab.loadgen.job.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run is judged as it ends, its gate kept with its record across a restart; a run that died never passes. */
class RunJudgeTest {

    @TempDir
    Path dir;

    /** The fixed driver's kind, with a requests figure: the fixed driver completes one request per millisecond. */
    static class FixedKind extends io.loadlab.loadgen.run.FixedKind {

        @Override
        public Set<String> gateFigureNames() {
            return GateFigures.ERRORS;
        }

        @Override
        protected Map<String, Double> gateFigures(FixedSpec spec, FixedReport r) {
            return new GateFigures().errors(r.requests(), 0).map();
        }
    }

    private Runs registry() {
        RunsConfig config = new RunsConfig() {
            public int maxActive() {
                return 1;
            }

            public int retain() {
                return 10;
            }
        };
        Jobs jobs = new Jobs(new DataDir(dir, RunsTest.mapper()), RunsTest.CLOCK, new JobIds(RunsTest.CLOCK), new ActiveJob());
        RunKinds kinds = new RunKinds(List.of(new FixedKind()));
        return new Runs(kinds, jobs, RunsTest.CLOCK, config, List.of(), new RunJudge(kinds), null);
    }

    @Test
    void aFinishedRunsGateIsKeptWithItsRecordAcrossARestart() throws Exception {
        GateSpec asked = GateSpec.of(Map.of("requests", List.of(">= 50", "> 50")));
        Runs first = registry();
        RunRecord started = first.start(RunsTest.spec(50), asked, "r-older", null);
        RunRecord done = RunsTest.await(first, started.id());
        GateResult gate = done.gate();
        assertEquals(List.of(true, false), gate.thresholds().stream().map(t -> t.passed()).toList());
        assertEquals(50.0, gate.thresholds().get(1).actual());
        assertEquals("requests > 50 failed: actual 50", gate.reason());

        RunRecord reloaded = registry().find(started.id()).orElseThrow();
        assertEquals(asked, reloaded.thresholds());
        assertEquals("r-older", reloaded.baseline());
        assertEquals(gate, reloaded.gate());
    }

    @Test
    void aRunWithoutThresholdsOrBaselineHasNoGate() throws Exception {
        Runs r = registry();
        RunRecord done = RunsTest.await(r, r.start(RunsTest.spec(10)).id());
        assertNull(done.gate());
        assertNull(done.thresholds());
    }

    @Test
    void aRunActiveWhenTheProcessDiedNeverPassesAfterRestart() {
        Runs dying = registry();
        RunRecord started = dying.start(RunsTest.spec(60_000), GateSpec.of(Map.of("requests", ">= 0")), null, null);
        RunRecord after = registry().find(started.id()).orElseThrow();
        assertEquals(RunState.FAILED, after.state());
        assertFalse(after.gate().passed());
        assertEquals("the run failed: " + Runs.DIED, after.gate().reason());
        assertNull(after.gate().thresholds().get(0).actual(), "no report: nothing measured, not 0");
        assertTrue(dying.cancel(started.id()).isPresent());
    }
}
