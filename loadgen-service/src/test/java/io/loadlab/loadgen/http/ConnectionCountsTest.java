package io.loadlab.loadgen.http;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ConnectionCountsTest {

    @Test
    void loopsAddUpAndTheFirstCauseIsKept() {
        ConnectionCounts a = new ConnectionCounts(2500, 2500, 0, null);
        ConnectionCounts b = new ConnectionCounts(2500, 1948, 552, "newSocketStream(..) failed: Too many open files");

        assertEquals(new ConnectionCounts(5000, 4448, 552, "newSocketStream(..) failed: Too many open files"), a.plus(b));
        assertEquals(Optional.of("552 of the 5000 connections asked never opened (4448 did): "
                + "newSocketStream(..) failed: Too many open files"), a.plus(b).shortfall());
    }

    @Test
    void noShortfallWhenEveryConnectionThatTriedOpened() {
        // Without keep-alive at a low rate a connection may never be needed: fewer established is no failure.
        assertEquals(Optional.empty(), new ConnectionCounts(50, 3, 0, "connect(..) failed: Connection refused").shortfall());
    }

    @Test
    void aCauseIsOneBoundedLine() {
        assertEquals("a b", ConnectionCounts.describe(new IOException("a\r\n  b")));
        assertEquals("IOException", ConnectionCounts.describe(new IOException()));
        assertEquals("unknown cause", ConnectionCounts.describe((Throwable) null));
        String longest = ConnectionCounts.describe(new IOException("x".repeat(10_000)));
        assertEquals(ConnectionCounts.MAX_ERROR_CHARS, longest.length());
    }

    @Test
    void impossibleCountsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new ConnectionCounts(2, 2, 1, null));
        assertThrows(IllegalArgumentException.class, () -> new ConnectionCounts(2, -1, 0, null));
        assertThrows(IllegalArgumentException.class, () -> new ConnectionCounts(2, 0, 0, "x".repeat(201)));
    }
}
