package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.FakeClock;
import io.loadlab.loadgen.engine.ManualScheduler;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AgentLeaseTest {

    private static final long S = 1_000_000_000L;

    private final FakeClock clock = new FakeClock(100 * S);
    private final AtomicInteger stops = new AtomicInteger();
    private final AgentLease lease = new AgentLease(clock, Duration.ofSeconds(4), stops::incrementAndGet);

    @Test
    void stopsTheRunOnceTheControllerHasBeenSilentForTheLease() {
        clock.advance(4 * S - 1);
        assertFalse(lease.check());
        clock.advance(1);
        assertTrue(lease.check());
        assertTrue(lease.check());
        assertEquals(1, stops.get(), "stopped exactly once");
        assertTrue(lease.expired());
    }

    @Test
    void eachCallRenewsTheLease() {
        for (int i = 0; i < 10; i++) {
            clock.advance(3 * S);
            lease.renew();
            assertFalse(lease.check());
        }
        clock.advance(4 * S);
        assertTrue(lease.check());
        assertEquals(1, stops.get());
    }

    @Test
    void aRenewalAfterExpiryRevivesNothing() {
        clock.advance(5 * S);
        lease.check();
        lease.renew();
        clock.advance(1);
        assertTrue(lease.check());
        assertEquals(1, stops.get());
    }

    @Test
    void aReleasedLeaseNeverStopsAnything() {
        lease.release();
        clock.advance(60 * S);
        assertTrue(lease.check());
        assertEquals(0, stops.get());
        assertFalse(lease.expired());
    }

    @Test
    void watchingChecksEveryQuarterLeaseUntilItExpires() {
        ManualScheduler scheduler = new ManualScheduler(clock);
        lease.watch(scheduler);
        long start = clock.nanoTime();
        assertEquals(start + S, scheduler.only().dueNanos());
        scheduler.runAt(start + S);
        lease.renew(); // at 1 s: the lease now runs to 5 s
        for (int quarter = 2; quarter <= 4; quarter++) {
            scheduler.runAt(start + quarter * S);
        }
        assertEquals(0, stops.get());
        scheduler.runAt(start + 5 * S);
        assertEquals(1, stops.get());
        assertEquals(0, scheduler.pendingCount(), "expired: no more checks");
    }

    @Test
    void releasingCancelsThePendingCheck() {
        ManualScheduler scheduler = new ManualScheduler(clock);
        lease.watch(scheduler);
        lease.release();
        assertEquals(0, scheduler.pendingCount());
    }

    @Test
    void refusesALeaseTooShortToMean() {
        assertThrows(IllegalArgumentException.class, () -> new AgentLease(clock, Duration.ZERO, () -> { }));
    }
}
