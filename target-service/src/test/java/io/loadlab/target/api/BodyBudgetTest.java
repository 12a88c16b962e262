package io.loadlab.target.api;

import org.junit.jupiter.api.Test;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The process's bound on bodies still arriving: never over its limit, whatever the event loops take at once. */
class BodyBudgetTest {

    @Test
    void takesUpToTheLimitAndNoFurtherUntilGivenBack() {
        BodyBudget budget = new BodyBudget(100);
        assertTrue(budget.take(60));
        assertFalse(budget.take(41), "60 + 41 is over 100");
        assertEquals(60, budget.held(), "a refused take takes nothing");
        assertTrue(budget.take(40));
        budget.give(60);
        assertTrue(budget.take(60));
        assertEquals(100, budget.held());
    }

    @Test
    void concurrentTakesNeverPassTheLimit() throws Exception {
        BodyBudget budget = new BodyBudget(1_000);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> taken = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                taken.add(pool.submit(() -> {
                    int n = 0;
                    for (int i = 0; i < 10_000; i++) {
                        if (budget.take(7)) {
                            n++;
                        }
                    }
                    return n;
                }));
            }
            int total = 0;
            for (Future<Integer> f : taken) {
                total += f.get(30, TimeUnit.SECONDS);
            }
            assertEquals(1_000 / 7, total, "exactly as many 7-byte takes as fit in 1,000 bytes");
            assertEquals(7L * total, budget.held());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aLimitBelowOneByteIsRefusedNamingTheSetting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new BodyBudget(0));
        assertTrue(e.getMessage().contains("target.body.max-total-bytes"), e.getMessage());
    }
}
