package io.loadlab.common.iperf;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The omit window on a clock the test moves: which bytes fall before its end, as iperf3's -O decides it. */
class StreamCounterTest {

    private final AtomicLong clock = new AtomicLong(0);
    private final AtomicLong metered = new AtomicLong();

    @Test
    void bytesCountedBeforeTheWindowsEndAreOmittedAndTheMeterSeesThemAll() {
        StreamCounter c = new StreamCounter(1, false, metered::addAndGet, 1_000, clock::get);
        c.addBytes(300);
        clock.set(999);
        c.addBytes(200);
        assertEquals(0, c.omittedBytes(), "nothing is left out of a test that ends inside its window");
        assertEquals(500, c.measuredBytes());
        clock.set(1_000);
        assertEquals(500, c.omittedBytes(), "the window ended with nothing moved since: all of it omitted");
        assertEquals(0, c.measuredBytes());
        c.addBytes(70);
        clock.set(5_000);
        c.addBytes(30);
        assertEquals(500, c.omittedBytes());
        assertEquals(100, c.measuredBytes());
        assertEquals(600, c.bytes());
        assertEquals(600, metered.get(), "the meter counts every byte");
    }

    @Test
    void aReceiversJitterStartsAgainAtTheWindowsEnd() {
        StreamCounter c = new StreamCounter(1, false, StreamCounter.BytesListener.NONE, 1_000, clock::get);
        c.addBytes(100);
        c.udp().take(1, 0, 100);
        c.addBytes(100);
        c.udp().take(2, 0, 2_100);
        assertTrue(c.udp().jitterSeconds() > 0);
        clock.set(1_000);
        c.addBytes(100);
        assertEquals(0, c.udp().jitterSeconds(), "iperf3's iperf_reset_stats zeroes it");
        assertEquals(2, c.udp().packets(), "packets stay whole, as iperf3 sends them");
    }

    /**
     * The datagram that crosses the window's end takes the counts before it as the omitted ones, bytes and sequence
     * numbers together, as iperf_reset_stats keeps packet_count, cnt_error and outoforder_packets: so a receiver's
     * measured packets are exactly what it received or counted lost after the end.
     */
    @Test
    void aReceiversCountsAtTheWindowsEndAreTakenWithItsBytes() {
        StreamCounter c = new StreamCounter(1, false, StreamCounter.BytesListener.NONE, 1_000, clock::get);
        for (long seq : new long[] {1, 2, 4}) {
            c.addBytes(100);
            c.udp().take(seq, 0, 10);
        }
        assertEquals(0, c.omittedPackets(), "inside the window nothing is omitted yet");
        clock.set(1_000);
        assertEquals(4, c.omittedPackets(), "the window ended with nothing received since: all of it omitted");
        for (long seq : new long[] {5, 7, 3}) {
            c.addBytes(100);
            c.udp().take(seq, 0, 10);
        }
        assertEquals(4, c.omittedPackets());
        assertEquals(1, c.omittedLost(), "3 was missing when the window ended");
        assertEquals(0, c.omittedOutOfOrder());
        assertEquals(300, c.omittedBytes());
        long measuredPackets = c.udp().packets() - c.omittedPackets();
        long measuredLost = c.udp().lost() - c.omittedLost();
        assertEquals(3, measuredPackets);
        assertEquals(0, measuredLost, "6 lost, 3 found late");
        assertEquals(1, c.udp().outOfOrder() - c.omittedOutOfOrder());
    }

    @Test
    void aSendersDatagramsAtTheWindowsEndAreTakenWithItsBytes() {
        StreamCounter c = new StreamCounter(1, true, StreamCounter.BytesListener.NONE, 1_000, clock::get);
        c.addBytes(100);
        c.nextSequence();
        clock.set(1_000);
        c.addBytes(100);
        c.nextSequence();
        assertEquals(1, c.omittedDatagrams(), "the crossing datagram is the first measured one");
        assertEquals(100, c.omittedBytes());
        assertEquals(2, c.datagramsSent(), "whole, as iperf3 sends it");
    }

    @Test
    void withoutAWindowNothingIsOmitted() {
        StreamCounter c = new StreamCounter(1, true, StreamCounter.BytesListener.NONE);
        c.addBytes(42);
        assertEquals(0, c.omittedBytes());
        assertEquals(42, c.measuredBytes());
    }
}
