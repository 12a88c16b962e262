package io.loadlab.loadgen.engine;

import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WatchdogTest {

    @Test
    void firesOnceItsDelayHasPassed() throws InterruptedException {
        CountDownLatch fired = new CountDownLatch(1);
        Watchdog dog = Watchdog.arm(TimeUnit.MILLISECONDS.toNanos(10), fired::countDown);

        assertTrue(fired.await(10, TimeUnit.SECONDS), "the action never ran");
        assertTrue(dog.done());
    }

    @Test
    void disarmedNeverFires() throws InterruptedException {
        AtomicInteger runs = new AtomicInteger();
        Watchdog dog = Watchdog.arm(TimeUnit.MILLISECONDS.toNanos(50), runs::incrementAndGet);
        dog.disarm();
        dog.disarm();

        TimeUnit.MILLISECONDS.sleep(300);
        assertEquals(0, runs.get());
    }

    /**
     * What the leak test of issue 10 needed: a run that ended must not stay reachable through its watchdog until
     * the deadline (an hour here). With {@code CompletableFuture.delayedExecutor} the payload stayed.
     */
    @Test
    void disarmedLetsGoOfItsAction() throws InterruptedException {
        WeakReference<long[]> payload = armAndDisarm();
        for (int i = 0; i < 50 && payload.get() != null; i++) {
            System.gc();
            TimeUnit.MILLISECONDS.sleep(20);
        }
        assertNull(payload.get(), "the disarmed watchdog still holds what its action reaches");
    }

    private static WeakReference<long[]> armAndDisarm() {
        long[] histogramLike = new long[33_000];
        Watchdog dog = Watchdog.arm(TimeUnit.HOURS.toNanos(1), () -> histogramLike[0]++);
        dog.disarm();
        return new WeakReference<>(histogramLike);
    }
}
