package io.loadlab.loadgen.experiment;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class InterleavingTest {

    @Test
    void everyCellOnceThenEveryCellAgain() {
        assertEquals(List.of("A", "B", "C", "A", "B", "C", "A", "B", "C"), Interleaving.of(List.of("A", "B", "C"), 3));
    }

    @Test
    void oneRepeatIsTheCellsInOrder() {
        assertEquals(List.of("A", "B"), Interleaving.of(List.of("A", "B"), 1));
    }

    @Test
    void repeatsAreBounded() {
        assertThrows(IllegalArgumentException.class, () -> Interleaving.of(List.of("A"), 0));
        assertThrows(IllegalArgumentException.class, () -> Interleaving.of(List.of("A"), Interleaving.MAX_REPEATS + 1));
        assertEquals(Interleaving.MAX_REPEATS, Interleaving.of(List.of("A"), Interleaving.MAX_REPEATS).size());
    }
}
