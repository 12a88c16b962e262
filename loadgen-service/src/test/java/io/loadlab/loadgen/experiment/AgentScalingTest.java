package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.controller.DistributedRunSpec;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.run.RunSpec;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

/** On how many generators a cell runs: the setting as given, or {@code auto} doubling while the cell is loadgen-bound. */
class AgentScalingTest {

    private static final Variant CLOSED = new Variant(1, 16, 8, true, 0);
    private static final HttpRunSpec HTTP = CellSpecs.http(ExperimentProtocolsTest.PLAIN, CLOSED, Duration.ofSeconds(1),
            Duration.ZERO, Duration.ofSeconds(1));

    private static final java.util.function.IntUnaryOperator BY_THREADS = found -> AgentScaling.most(found, CLOSED);

    private static CellResult row(String verdict) {
        return row(verdict, "completed");
    }

    private static CellResult row(String verdict, String state) {
        return new CellResult("t", 1, "v", "r", state, 1, 1, 1, 2, 0, 0, 0, 1,
                new Verdict(verdict, null, true, null));
    }

    @Test
    void splittableByThreadsAndByTheLowestRateARunTakes() {
        assertEquals(8, AgentScaling.splittable(CLOSED), "closed model: one thread per agent");
        assertEquals(3, AgentScaling.splittable(new Variant(1, 16, 8, true, 0.35)), "0.35/s over 0.1/s each: 3");
        assertEquals(1, AgentScaling.most(0, CLOSED), "no agent found: 1, the run then fails naming the setting");
        assertEquals(5, AgentScaling.most(5, CLOSED));
        assertEquals(8, AgentScaling.most(64, CLOSED));
        assertEquals(List.of(2, 4, 5, 5), List.of(AgentScaling.next(1, 5), AgentScaling.next(2, 5),
                AgentScaling.next(4, 5), AgentScaling.next(5, 5)));
    }

    @Test
    void autoDoublesWhileLoadgenBoundAndStopsAtTheMostFound() {
        List<Integer> tried = new ArrayList<>();
        List<String> told = new ArrayList<>();
        CellResult last = new AgentScaling(() -> 5).run(ExperimentSpec.AUTO, BY_THREADS, HTTP, (run, n, started) -> {
            tried.add(n);
            assertEquals(String.valueOf(n), ((DistributedRunSpec) run).agents());
            started.accept("run" + n);
            return row(Verdict.LOADGEN);
        }, (id, n) -> told.add(id + "@" + n), () -> false);
        assertEquals(List.of(1, 2, 4, 5), tried, "1, 2, 4, then the 5 found");
        assertEquals(List.of("run1@1", "run2@2", "run4@4", "run5@5"), told);
        assertEquals(Verdict.LOADGEN, last.verdict().verdict(), "the last run's row is kept");
    }

    @Test
    void autoStopsWhenNoLongerLoadgenBoundOrCancelled() {
        List<Integer> tried = new ArrayList<>();
        new AgentScaling(() -> 64).run(ExperimentSpec.AUTO, BY_THREADS, HTTP, (run, n, started) -> {
            tried.add(n);
            return row(n < 4 ? Verdict.LOADGEN : Verdict.CPU);
        }, (id, n) -> { }, () -> false);
        assertEquals(List.of(1, 2, 4), tried);
        tried.clear();
        new AgentScaling(() -> 64).run(ExperimentSpec.AUTO, BY_THREADS, HTTP, (run, n, started) -> {
            tried.add(n);
            return row(Verdict.LOADGEN);
        }, (id, n) -> { }, () -> true);
        assertEquals(List.of(1), tried, "cancelled: no second try");
    }

    @Test
    void noSettingRunsHereAndACountOrAllRunsOnThatMany() {
        List<String> told = new ArrayList<>();
        new AgentScaling(() -> {
            throw new AssertionError("discovery asked without agents: all or auto");
        }).run(null, BY_THREADS, HTTP, (run, n, started) -> {
            assertSame(HTTP, run, "this loadgen alone runs the http spec itself");
            assertEquals(0, n);
            started.accept("here");
            return row(Verdict.CPU);
        }, (id, n) -> told.add(id + "@" + n), () -> false);
        new AgentScaling(() -> 7).run("all", BY_THREADS, HTTP, (run, n, started) -> {
            assertInstanceOf(DistributedRunSpec.class, run);
            started.accept("all");
            return row(Verdict.LOADGEN);
        }, (id, n) -> told.add(id + "@" + n), () -> false);
        new AgentScaling(() -> 7).run("3", BY_THREADS, HTTP, (run, n, started) -> {
            RunSpec inner = ((DistributedRunSpec) run).run();
            assertSame(HTTP, inner);
            started.accept("three");
            return row(Verdict.LOADGEN);
        }, (id, n) -> told.add(id + "@" + n), () -> false);
        assertEquals(List.of("here@1", "all@7", "three@3"), told, "a fixed setting runs once, however bound");
    }

    /**
     * A target that takes fewer tests at once (an iperf3 server at {@code max-clients} 2) refuses a third and fourth
     * agent: the run on 4 fails, and the cell keeps the run on 2, the last that completed.
     */
    @Test
    void autoKeepsTheLastCompletedRunWhenADoubledOneFails() {
        List<Integer> tried = new ArrayList<>();
        CellResult kept = new AgentScaling(() -> 8).run(ExperimentSpec.AUTO, found -> found, HTTP, (run, n, started) -> {
            tried.add(n);
            return n <= 2 ? row(Verdict.LOADGEN) : row(Verdict.LOADGEN, "failed");
        }, (id, n) -> { }, () -> false);
        assertEquals(List.of(1, 2, 4), tried);
        assertEquals("completed", kept.runState(), "the run on 2 agents");
        tried.clear();
        CellResult first = new AgentScaling(() -> 8).run(ExperimentSpec.AUTO, found -> found, HTTP, (run, n, started) -> {
            tried.add(n);
            return row(Verdict.UNKNOWN, "failed");
        }, (id, n) -> { }, () -> false);
        assertEquals(List.of(1), tried, "a first run that fails is the row: nothing completed to keep");
        assertEquals("failed", first.runState());
    }
}
