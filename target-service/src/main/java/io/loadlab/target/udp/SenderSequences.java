package io.loadlab.target.udp;

import java.net.SocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The highest sequence number heard from each sender of one socket, to count gaps and late arrivals
 * as iperf3 does. Bounded: beyond {@code capacity} senders the least recently heard is forgotten
 * (and counted), so a scan of spoofed sources cannot grow memory. Single-threaded: SO_REUSEPORT
 * hashes a sender's 4-tuple to one socket, so each socket's thread owns its senders.
 */
final class SenderSequences {

    /**
     * The largest step, forward or back, still read as the same stream: 2^24 (16.8 M) datagrams, more than
     * a second of a 10 GbE link at its smallest frames (14.9 M/s) and about 16 s of the fastest stream
     * measured here (about 1 M/s on loopback). A longer jump is a sender that restarted its counter, or a
     * forged one: one such datagram then adds at most this much to the lost count, never 2^63.
     */
    static final long WINDOW = 1L << 24;

    private final LruMap senders;
    private final ReflectorStats stats;

    SenderSequences(int capacity, ReflectorStats stats) {
        this.senders = new LruMap(Math.max(1, capacity), stats);
        this.stats = stats;
    }

    /**
     * Follows {@code sequence} from {@code sender}; the address is kept only when the sender is new.
     * Sequence numbers are unsigned 64-bit on the wire and wrap: the step is their difference modulo 2^64,
     * read as forward when in 1..WINDOW, as a late (or repeated) arrival when in -WINDOW..0, else a new stream.
     */
    void heard(SocketAddress sender, long sequence) {
        Highest h = senders.get(sender);
        if (h == null) {
            senders.put(sender, new Highest(sequence));
            return;
        }
        long step = sequence - h.value;
        if (step > 0 && step <= WINDOW) {
            stats.add(ReflectorCounter.LOST, step - 1);
            h.value = sequence;
        } else if (step <= 0 && step >= -WINDOW) {
            stats.increment(ReflectorCounter.OUT_OF_ORDER);
        } else {
            stats.increment(ReflectorCounter.NEW_STREAMS);
            h.value = sequence;
        }
    }

    private static final class Highest {
        long value;

        Highest(long value) {
            this.value = value;
        }
    }

    private static final class LruMap extends LinkedHashMap<SocketAddress, Highest> {
        private final int capacity;
        private final transient ReflectorStats stats;

        LruMap(int capacity, ReflectorStats stats) {
            super(16, 0.75f, true);
            this.capacity = capacity;
            this.stats = stats;
        }

        @Override
        protected boolean removeEldestEntry(Map.Entry<SocketAddress, Highest> eldest) {
            boolean full = size() > capacity;
            if (full) {
                stats.increment(ReflectorCounter.SENDERS_EVICTED);
            }
            return full;
        }
    }
}
