package io.loadlab.target.tls;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HandshakeLimitTest {

    @Test
    void neverMoreThanTheBoundAreTakenEvenByThreadsAtOnce() throws InterruptedException {
        HandshakeLimit limit = new HandshakeLimit(100);
        AtomicInteger taken = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    if (limit.tryAcquire()) {
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
        assertEquals(100, taken.get());
        assertEquals(100, limit.inProgress());
        assertEquals(40_000 - 100, limit.refused());
    }

    @Test
    void aReleasedHandshakeGivesItsRoomBack() {
        HandshakeLimit limit = new HandshakeLimit(1);
        assertTrue(limit.tryAcquire());
        assertFalse(limit.tryAcquire());
        limit.release();
        assertTrue(limit.tryAcquire());
        assertEquals(1, limit.refused());
    }

    @Test
    void aBoundUnderOneIsRefusedNamingTheSetting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new HandshakeLimit(0));
        assertTrue(e.getMessage().contains("target.https.max-handshakes"), e.getMessage());
    }
}
