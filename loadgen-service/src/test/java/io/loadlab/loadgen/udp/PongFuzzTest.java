package io.loadlab.loadgen.udp;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.PhaseStats;

import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Incoming datagrams as the UDP loop reads them ({@link SockperfMessage#isPong}, then {@link PongBook}):
 * any bytes from anyone. Nothing throws, a pong counts only for a ping that was sent, at most once as
 * answered, and the counts add up to what was accepted.
 */
class PongFuzzTest {

    private static final int SIZE = 64;

    @FuzzTest(maxDuration = "2m")
    void anyDatagrams(FuzzedDataProvider data) {
        int replyEvery = data.consumeInt(1, 100);
        PhaseStats warmup = new PhaseStats(false, false);
        PhaseStats measured = new PhaseStats(false, false);
        PongBook book = new PongBook(replyEvery, warmup, measured);
        SockperfMessage message = new SockperfMessage(SIZE);
        Set<Long> sent = new HashSet<>();
        long sequence = 0;
        int accepted = 0;
        ByteBuffer in = ByteBuffer.allocateDirect(SIZE + 1);
        while (data.remainingBytes() > 0) {
            if (data.consumeBoolean()) {
                sequence += data.consumeInt(1, 3 * replyEvery);
                book.sent(sequence, sequence, data.consumeBoolean());
                sent.add(sequence);
                continue;
            }
            byte[] datagram = data.consumeBytes(data.consumeInt(0, SIZE + 1));
            in.clear();
            in.put(datagram);
            if (message.isPong(in, datagram.length)) {
                long seq = SockperfMessage.sequence(in);
                boolean known = book.received(seq, datagram.length, seq + 1);
                assertTrue(!known || sent.contains(seq), "a pong for " + seq + ", never sent, was counted");
                accepted += known ? 1 : 0;
            }
        }
        long counted = 0;
        for (PhaseStats p : new PhaseStats[]{warmup, measured}) {
            counted += p.get(Counter.COMPLETED) + p.get(Counter.DUPLICATED);
            assertTrue(p.get(Counter.COMPLETED) <= p.get(Counter.PONGS_REQUESTED) + 0L, "more answered than asked");
        }
        assertEquals(accepted, counted);
    }
}
