package io.loadlab.common.iperf;

/**
 * What a UDP receiver derives from the headers, as iperf3's iperf_udp_recv does: the highest sequence number
 * seen ({@code packets}), gaps in it counted as lost and taken back when a late datagram fills one (counted
 * out of order), and RFC 1889 jitter: the transit time's change between datagrams, smoothed by 1/16.
 * One writer (the receiving thread); readers see the figures through volatile fields.
 */
public final class UdpReceiveStats {

    private volatile long packets;
    private volatile long lost;
    private volatile long outOfOrder;
    private volatile long datagrams;
    private volatile double jitterSeconds;
    private double previousTransit;
    private volatile long omittedPackets;
    private volatile long omittedLost;
    private volatile long omittedOutOfOrder;

    /** One datagram: its sequence number, its send time and its arrival time, both in µs since the epoch. */
    public void take(long sequence, long sentMicros, long arrivalMicros) {
        if (sequence >= packets + 1) {
            if (sequence > packets + 1) {
                lost += (sequence - 1) - packets;
            }
            packets = sequence;
        } else {
            outOfOrder++;
            if (lost > 0) {
                lost--;
            }
        }
        double transit = Math.abs(arrivalMicros - sentMicros) / 1e6;
        if (datagrams == 0) {
            previousTransit = transit;
        }
        double d = Math.abs(transit - previousTransit);
        previousTransit = transit;
        jitterSeconds += (d - jitterSeconds) / 16.0;
        datagrams++;
    }

    /**
     * The omitted seconds are over: jitter is smoothed afresh from 0, the previous transit kept, and the counts so
     * far are kept as the omitted ones, as iperf3's iperf_reset_stats does. Called by the writer.
     */
    void endOmit() {
        jitterSeconds = 0;
        omittedPackets = packets;
        omittedLost = lost;
        omittedOutOfOrder = outOfOrder;
    }

    long omittedPackets() {
        return omittedPackets;
    }

    long omittedLost() {
        return omittedLost;
    }

    long omittedOutOfOrder() {
        return omittedOutOfOrder;
    }

    /** Highest sequence number seen: what iperf3 reports as the stream's packets. */
    public long packets() {
        return packets;
    }

    public long lost() {
        return lost;
    }

    public long outOfOrder() {
        return outOfOrder;
    }

    /** Datagrams taken, duplicates included. */
    public long datagrams() {
        return datagrams;
    }

    public double jitterSeconds() {
        return jitterSeconds;
    }
}
