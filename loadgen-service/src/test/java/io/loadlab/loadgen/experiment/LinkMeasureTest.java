package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.run.ConfigDefaults;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static io.loadlab.loadgen.experiment.ExperimentMixTest.GET;
import static io.loadlab.loadgen.experiment.ExperimentMixTest.IDS;
import static io.loadlab.loadgen.experiment.ExperimentMixTest.mix;
import static io.loadlab.loadgen.experiment.ExperimentProtocolsTest.PLAIN;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The link's fallback where nothing can measure it: no probe, no download URL and requests not ours. The capacity is
 * then none, saying why, and no run is started (a guess would make every verdict rest on it).
 */
class LinkMeasureTest {

    @Test
    void aForeignTargetWithNeitherProbeNorDownloadHasNoCapacityAndRunsNothing() {
        ExperimentSpec spec = ExperimentProtocolsTest.spec(PLAIN, List.of(mix(null, List.of(GET), IDS, 1L)));
        LinkMeasure links = new LinkMeasure(null, ConfigDefaults.of(ExperimentsConfig.class), Optional.empty(),
                (run, started, cancelled, duration) -> {
                    throw new AssertionError("nothing to measure with, yet a run was started: " + run);
                });
        LinkCapacity c = links.measure(PLAIN, spec, id -> { }, () -> false);
        assertFalse(c.measured(), c.toString());
        assertNull(c.runId(), c.toString());
        assertNull(c.mbps(), "not measured is null, never 0");
        assertTrue(c.note().contains("no link probe installed"), c.note());
        assertTrue(c.note().contains("no download URL"), c.note());
    }
}
