package io.loadlab.target.answer;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

class DirectBudgetTest {

    @Test
    void refusesWhatItCannotHoldAndGetsBytesBackWhenTheBufferIsFreed() throws InterruptedException {
        DirectBudget budget = new DirectBudget(1000);
        ByteBuffer first = budget.allocate(600);
        assertNotNull(first);
        assertEquals(600, first.capacity());
        assertNull(budget.allocate(401), "600 + 401 bytes are over a budget of 1000");
        assertNotNull(budget.allocate(400), "600 + 400 fit");
        assertEquals(1000, budget.reserved());

        first = null;
        // the second buffer was dropped at once: both come back once collected
        for (int i = 0; i < 100 && budget.reserved() > 0; i++) {
            System.gc();
            Thread.sleep(50);
        }
        assertEquals(0, budget.reserved(), "freed buffers return their bytes");
        assertNotNull(budget.allocate(1000));
    }

    @Test
    void aBudgetHoldsAtLeastOneByte() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new DirectBudget(0));
    }
}
