package io.loadlab.loadgen.run;

import io.loadlab.loadgen.engine.TaskScheduler;
import io.loadlab.loadgen.gate.GateSpec;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * abortOnFail judged on live figures, tick by tick (the scheduler is the test's: each task runs when the test says):
 * warm-up is not judged, the first failing tick stops the run and names the threshold, and a run that ended stops
 * being watched.
 */
class AbortWatchTest {

    private final Deque<Runnable> due = new ArrayDeque<>();
    private final TaskScheduler ticks = (task, delayNanos) -> {
        due.add(task);
        return CompletableFuture.completedFuture(null);
    };
    private final AbortWatch watch = new AbortWatch(ticks, new RunKinds(List.of(new RunJudgeTest.FixedKind() {
        @Override
        public java.util.Set<String> liveGateFigureNames() {
            return GateFigures.ERRORS;
        }

        @Override
        public Map<String, Double> liveGateFigures(RunSpec spec, RunProgress p) {
            return new GateFigures().errors(p.requests(), p.errors()).map();
        }
    })));

    /** A live run whose progress the test sets. */
    private static final class Live implements LoadRun {
        volatile RunProgress now = RunProgress.idle();
        volatile boolean cancelled;

        @Override
        public RunProgress progress() {
            return now;
        }

        @Override
        public void cancel() {
            cancelled = true;
        }

        @Override
        public CompletionStage<RunOutcome> done() {
            return new CompletableFuture<>();
        }
    }

    private static RunRecord run(String thresholds) throws Exception {
        GateSpec asked = new com.fasterxml.jackson.databind.ObjectMapper().readValue(thresholds, GateSpec.class);
        return RunRecord.queued("r1", RunsTest.spec(10_000), Instant.EPOCH).judgedBy(asked, null).running(Instant.EPOCH);
    }

    private static RunProgress at(double seconds, boolean warmingUp, long requests, long errors) {
        return new RunProgress(seconds, warmingUp, requests, 0, errors, 0, 0, 1, 0, null);
    }

    @Test
    void theFirstTickPastTheLimitStopsTheRunAndNamesTheThreshold() throws Exception {
        Live live = new Live();
        watch.watch(run("{\"requests\":\"> 0\",\"errors\":{\"limit\":\"< 10\",\"abortOnFail\":true}}"), live);
        live.now = at(0, true, 0, 50);
        due.poll().run();
        assertFalse(live.cancelled, "warm-up errors are not the measured part's");
        live.now = at(1.0, false, 5, 9);
        due.poll().run();
        assertFalse(live.cancelled, "9 errors pass errors < 10");
        live.now = at(1.5, false, 6, 10);
        due.poll().run();
        assertTrue(live.cancelled);
        assertTrue(due.isEmpty(), "no tick after the abort");
        Abort abort = watch.take("r1").orElseThrow();
        assertEquals("aborted: errors < 10 failed at 1.5 s (actual 10)", abort.failure());
        assertTrue(watch.take("r1").isEmpty(), "taken once");
    }

    @Test
    void delayAbortEvalLeavesTheFirstMeasuredSecondsUnjudged() throws Exception {
        Live live = new Live();
        watch.watch(run("{\"errorRate\":{\"limit\":\"< 0.001\",\"abortOnFail\":true,\"delayAbortEval\":\"2s\"}}"), live);
        live.now = at(1.5, false, 49, 1);
        due.poll().run();
        assertFalse(live.cancelled, "1 error in the first 50 is 0.02, but judged only from 2 s");
        live.now = at(2.0, false, 1999, 1);
        due.poll().run();
        assertFalse(live.cancelled, "judged from 2 s: 1 in 2,000 is 0.0005");
        live.now = at(2.5, false, 2000, 10);
        due.poll().run();
        assertTrue(live.cancelled, "10 in 2,010 is 0.005");
        assertEquals("aborted: errorRate < 0.001 failed at 2.5 s (actual 0.00497512)",
                watch.take("r1").orElseThrow().failure());
    }

    @Test
    void aRunThatEndedIsNoLongerJudged() throws Exception {
        Live live = new Live();
        watch.watch(run("{\"errorRate\":{\"limit\":\"< 0.5\",\"abortOnFail\":true}}"), live);
        Runnable pending = due.poll();
        assertTrue(watch.take("r1").isEmpty(), "ended without an abort");
        live.now = at(2, false, 1, 9);
        pending.run(); // a tick that raced the end
        assertFalse(live.cancelled);
        assertTrue(due.isEmpty(), "and it did not schedule another");
    }

    @Test
    void aRunWithoutAbortOnFailIsNotWatched() throws Exception {
        watch.watch(run("{\"errors\":\"< 10\"}"), new Live());
        assertTrue(due.isEmpty());
    }
}
