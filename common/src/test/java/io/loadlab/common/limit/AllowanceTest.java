package io.loadlab.common.limit;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AllowanceTest {

    @Test
    void aTakePastTheLimitTakesNothingAndIsCounted() {
        Allowance a = new Allowance(100, "x.max");
        assertTrue(a.tryTake(60));
        assertFalse(a.tryTake(41), "60 + 41 is over 100");
        assertEquals(60, a.held(), "a refused take takes nothing");
        assertTrue(a.tryTake(40));
        a.giveBack(60);
        assertTrue(a.tryTake(60));
        assertEquals(100, a.held());
        assertEquals(1, a.refused());
    }

    @Test
    void threadsAtOnceNeverHoldMoreThanTheLimit() throws InterruptedException {
        Allowance a = new Allowance(1_000, "x.max");
        AtomicLong taken = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    if (a.tryTake(7)) {
                        taken.incrementAndGet();
                    }
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(142, taken.get(), "7 x 142 = 994 fit in 1,000, 143 do not");
        assertEquals(7L * 142, a.held());
        assertEquals(40_000 - 142, a.refused());
    }

    @Test
    void aLimitUnderOneIsRefusedNamingItsSetting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Allowance(0, "x.max"));
        assertEquals("x.max must be at least 1, not 0", e.getMessage());
    }
}
