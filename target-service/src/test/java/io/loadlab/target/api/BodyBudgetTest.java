package io.loadlab.target.api;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The process's bound on bodies still arriving (its count under threads at once: loadlab-common's AllowanceTest). */
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
    void aLimitBelowOneByteIsRefusedNamingTheSetting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new BodyBudget(0));
        assertTrue(e.getMessage().contains("target.body.max-total-bytes"), e.getMessage());
    }
}
