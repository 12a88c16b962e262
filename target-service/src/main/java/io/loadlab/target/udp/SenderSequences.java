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

    private final LruMap senders;
    private final ReflectorStats stats;

    SenderSequences(int capacity, ReflectorStats stats) {
        this.senders = new LruMap(Math.max(1, capacity), stats);
        this.stats = stats;
    }

    /** Follows {@code sequence} from {@code sender}; the address is kept only when the sender is new. */
    void heard(SocketAddress sender, long sequence) {
        Highest h = senders.get(sender);
        if (h == null) {
            senders.put(sender, new Highest(sequence));
            return;
        }
        if (sequence > h.value) {
            stats.add(ReflectorCounter.LOST, sequence - h.value - 1);
            h.value = sequence;
        } else {
            stats.increment(ReflectorCounter.OUT_OF_ORDER);
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
