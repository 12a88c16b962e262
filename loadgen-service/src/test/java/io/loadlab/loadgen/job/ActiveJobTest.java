package io.loadlab.loadgen.job;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one active-job rule on its own: kinds exclude each other, a kind shares up to its limit, owners vouch for their parts. */
class ActiveJobTest {

    static final String RUN = "run";
    static final String EXPERIMENT = "experiment";

    static final ActiveJob.Job X = new ActiveJob.Job(EXPERIMENT, "x1");
    static final ActiveJob.Job R1 = new ActiveJob.Job(RUN, "r1");
    static final ActiveJob.Job R2 = new ActiveJob.Job(RUN, "r2");

    @Test
    void anExperimentShutsOutRunsAndNamesItself() {
        ActiveJob slot = new ActiveJob();
        slot.claim(X, 1);
        ActiveJobException e = assertThrows(ActiveJobException.class, () -> slot.claim(R1, 1));
        assertEquals("experiment x1 is active", e.getMessage());
        assertEquals("x1", e.first());
        assertTrue(!e.shareFull());
        assertDoesNotThrow(() -> slot.requireHeldBy(X, RUN), "its own cells start");
        slot.release(X);
        slot.claim(R1, 1);
        assertEquals(List.of(R1), slot.holders());
    }

    @Test
    void aRunShutsOutExperimentsAndRunsShareUpToTheirLimit() {
        ActiveJob slot = new ActiveJob();
        slot.claim(R1, 2);
        ActiveJobException e = assertThrows(ActiveJobException.class, () -> slot.claim(X, 1));
        assertEquals("run r1 is active", e.getMessage());
        slot.claim(R2, 2);
        ActiveJobException full = assertThrows(ActiveJobException.class,
                () -> slot.claim(new ActiveJob.Job(RUN, "r3"), 2));
        assertTrue(full.shareFull());
        assertEquals("already 2 active run(s): [r1, r2]", full.getMessage());
        slot.release(R1);
        slot.release(R2);
        slot.claim(X, 1);
    }

    @Test
    void aPartOfAJobThatEndedIsRefused() {
        ActiveJob slot = new ActiveJob();
        slot.claim(X, 1);
        slot.release(X);
        assertThrows(ActiveJobException.class, () -> slot.requireHeldBy(X, RUN));
    }
}
