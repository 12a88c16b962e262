package io.loadlab.loadgen.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * The order repeated cells run in: every cell once, then every cell again (A B C A B C), never A A B B C C.
 * Slow drift on a shared machine (a neighbour's job starting, a CPU warming up) then lands on every cell alike
 * instead of on whichever cell happened to run last. Pure.
 */
public final class Interleaving {

    /** The most repeats an experiment may ask for: each is a full pass over every cell. */
    public static final int MAX_REPEATS = 20;

    private Interleaving() {
    }

    /** {@code cells} in order, {@code repeats} times over: {@code repeats x cells.size()} entries. */
    public static <T> List<T> of(List<T> cells, int repeats) {
        if (repeats < 1 || repeats > MAX_REPEATS) {
            throw new IllegalArgumentException("repeats must be from 1 to " + MAX_REPEATS + ": " + repeats);
        }
        List<T> order = new ArrayList<>(Math.multiplyExact(cells.size(), repeats));
        for (int r = 0; r < repeats; r++) {
            order.addAll(cells);
        }
        return List.copyOf(order);
    }
}
