package io.loadlab.target.udp;

import com.code_intelligence.jazzer.junit.FuzzTest;

import io.loadlab.common.sockperf.SockperfHeader;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Datagrams from anyone, as {@link ReflectorLoop} hands them to its {@link DatagramIntake}: nothing may throw
 * (an exception would end the socket's thread), no counter goes negative, each datagram is counted once under
 * the kind its bytes say, one datagram adds less than {@link SenderSequences#WINDOW} to the lost count, and a
 * pong is the request with only the client flag cleared. The kind is judged here from the raw bytes, not by
 * {@link SockperfHeader}, so a wrong header reading fails this test.
 *
 * <p>Input layout, so that seeds can be written by hand: byte 0 picks the tracked senders (1 + low 3 bits),
 * then records of a sender byte (low 4 bits: one of 16 loopback ports), a 2-byte big-endian size and that many
 * datagram bytes (fewer if the input ends). In {@code mvn verify} this replays the committed corpus
 * ({@code DatagramIntakeFuzzTestInputs}); {@code bench/fuzz.sh} fuzzes it.
 */
class DatagramIntakeFuzzTest {

    private static final int FLAGS_LOW_BYTE = 9;
    private final InetSocketAddress[] senders = new InetSocketAddress[16];
    /** As the loop's: one byte more than the largest datagram. */
    private final ByteBuffer buffer = ByteBuffer.allocate(SockperfHeader.MAX_MESSAGE + 1);

    DatagramIntakeFuzzTest() {
        for (int i = 0; i < senders.length; i++) {
            senders[i] = new InetSocketAddress("127.0.0.1", 40_000 + i);
        }
    }

    @FuzzTest(maxDuration = "2m")
    void anyDatagrams(byte[] input) {
        if (input.length == 0) {
            return;
        }
        ReflectorStats stats = new ReflectorStats();
        DatagramIntake intake = new DatagramIntake(stats, 1 + (input[0] & 7));
        long[] expected = new long[ReflectorCounter.values().length];
        int at = 1;
        while (at + 3 <= input.length) {
            InetSocketAddress sender = senders[input[at] & 15];
            int size = Math.min(((input[at + 1] & 0xff) << 8) | (input[at + 2] & 0xff), input.length - at - 3);
            byte[] datagram = Arrays.copyOfRange(input, at + 3, at + 3 + size);
            at += 3 + size;

            long[] before = snapshot(stats);
            buffer.clear();
            buffer.put(datagram);
            boolean pong = intake.take(sender, buffer, size);

            ReflectorCounter kind = kindOf(datagram);
            expected[ReflectorCounter.RECEIVED.ordinal()]++;
            expected[ReflectorCounter.RECEIVED_BYTES.ordinal()] += size;
            if (kind != null) {
                expected[kind.ordinal()]++;
            }
            boolean wellFormed = kind == ReflectorCounter.ONE_WAY || kind == null;
            assertEquals(kind == null, pong, "a pong for a datagram that did not ask for one, or none for one that did");
            assertEquals(size, buffer.position(), "the intake moved the buffer's position");
            byte[] after = Arrays.copyOf(buffer.array(), size);
            if (pong) {
                datagram[FLAGS_LOW_BYTE] &= (byte) ~SockperfHeader.CLIENT;
            }
            assertArrayEquals(datagram, after, "the datagram changed beyond the client flag");
            checkCounters(stats, before, expected, wellFormed);
        }
    }

    /** What sockperf's wire format makes of these bytes; null for a pong request. */
    private static ReflectorCounter kindOf(byte[] d) {
        if (d.length < SockperfHeader.BYTES) {
            return ReflectorCounter.TOO_SHORT;
        }
        long length = ((long) (d[10] & 0xff) << 24) | ((d[11] & 0xff) << 16) | ((d[12] & 0xff) << 8) | (d[13] & 0xff);
        if (length != d.length) {
            return ReflectorCounter.BAD_LENGTH;
        }
        return (d[FLAGS_LOW_BYTE] & SockperfHeader.PONG_REQUEST) != 0 ? null : ReflectorCounter.ONE_WAY;
    }

    private static void checkCounters(ReflectorStats stats, long[] before, long[] expected, boolean wellFormed) {
        for (ReflectorCounter c : ReflectorCounter.values()) {
            long now = stats.get(c);
            long step = now - before[c.ordinal()];
            assertTrue(now >= 0 && step >= 0, c + " went from " + before[c.ordinal()] + " to " + now);
            switch (c) {
                case RECEIVED, RECEIVED_BYTES, TOO_SHORT, BAD_LENGTH, ONE_WAY, REPLIES, REPLY_BYTES, REPLY_ERRORS ->
                        assertEquals(expected[c.ordinal()], now, c.toString());
                case LOST -> assertTrue(step < SenderSequences.WINDOW && (wellFormed || step == 0),
                        "one datagram added " + step + " to the lost count");
                case OUT_OF_ORDER, NEW_STREAMS, SENDERS_EVICTED -> assertTrue(step <= (wellFormed ? 1 : 0),
                        c + " grew by " + step + " for one " + (wellFormed ? "" : "mal") + "formed datagram");
            }
        }
    }

    private static long[] snapshot(ReflectorStats stats) {
        long[] values = new long[ReflectorCounter.values().length];
        for (ReflectorCounter c : ReflectorCounter.values()) {
            values[c.ordinal()] = stats.get(c);
        }
        return values;
    }
}
