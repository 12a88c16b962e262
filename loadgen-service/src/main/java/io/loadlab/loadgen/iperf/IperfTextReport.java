package io.loadlab.loadgen.iperf;

import java.util.Locale;

/**
 * An {@link IperfReport} in iperf3's client layout: per-second intervals, then per stream and summed, a sender
 * and a receiver line per direction ("[TX-C]"/"[RX-C]" roles under --bidir), UDP jitter and loss, and the CPU
 * line. Units as iperf3's unit_snprintf: bytes in powers of 1024, bits/s in powers of 1000, three digits.
 */
public final class IperfTextReport {

    private static final String[] BYTES = {"Bytes", "KBytes", "MBytes", "GBytes", "TBytes"};
    private static final String[] BITS = {"bits/sec", "Kbits/sec", "Mbits/sec", "Gbits/sec", "Tbits/sec"};

    private IperfTextReport() {
    }

    public static String render(IperfReport r) {
        StringBuilder out = new StringBuilder();
        boolean udp = r.spec().protocol() == io.loadlab.common.iperf.Protocol.UDP;
        boolean bidir = r.directions().size() > 1;
        out.append(String.format(Locale.ROOT, "Connecting to host %s, port %d%n", r.spec().host(), r.spec().port()));
        out.append(bidir ? "[ ID][Role] Interval           Transfer     Bitrate\n" : "[ ID] Interval           Transfer     Bitrate\n");
        for (DirectionReport d : r.directions()) {
            for (IntervalFigures i : d.intervals()) {
                out.append(line("SUM", role(d, bidir), i.start(), i.end(), i.bytes(), i.bitsPerSecond(), "")).append('\n');
            }
        }
        out.append("- - - - - - - - - - - - - - - - - - - - - - - - -\n");
        out.append(udp ? "[ ID]%s Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams\n".formatted(bidir ? "[Role]" : "")
                : "[ ID]%s Interval           Transfer     Bitrate\n".formatted(bidir ? "[Role]" : ""));
        for (DirectionReport d : r.directions()) {
            for (StreamFigures s : d.streams()) {
                summary(out, Integer.toString(s.id()), role(d, bidir), s, udp);
            }
            if (d.streams().size() > 1) {
                summary(out, "SUM", role(d, bidir), d.sum(), udp);
            }
        }
        out.append(String.format(Locale.ROOT, "CPU Utilization: local/sender %.1f%% (%.1f%%u/%.1f%%s), remote/receiver %.1f%% (%.1f%%u/%.1f%%s)%n",
                r.local().total(), r.local().user(), r.local().system(), r.remote().total(), r.remote().user(), r.remote().system()));
        out.append(r.error() == null ? "\niperf Done.\n" : "\niperf3: error - " + r.error() + "\n");
        return out.toString();
    }

    private static void summary(StringBuilder out, String id, String role, StreamFigures s, boolean udp) {
        String sentTail = udp ? String.format(Locale.ROOT, "  %.3f ms  0/%d (0%%)  sender", 0.0, s.packets() == null ? 0 : s.packets())
                : s.retransmits() == null ? "  sender" : String.format(Locale.ROOT, "  %4d  sender", s.retransmits());
        out.append(line(id, role, 0, s.seconds(), s.sentBytes(), s.sentBitsPerSecond(), sentTail)).append('\n');
        String receivedTail = udp ? String.format(Locale.ROOT, "  %.3f ms  %d/%d (%.2g%%)  receiver", s.jitterMillis(), s.lost(),
                s.packets(), s.lossPercent()) : "  receiver";
        out.append(line(id, role, 0, s.seconds(), s.receivedBytes(), s.receivedBitsPerSecond(), receivedTail)).append('\n');
    }

    private static String role(DirectionReport d, boolean bidir) {
        return !bidir ? "" : d.direction().equals("up") ? "[TX-C]" : "[RX-C]";
    }

    private static String line(String id, String role, double start, double end, long bytes, double bitsPerSecond, String tail) {
        return String.format(Locale.ROOT, "[%3s]%s %6.2f-%-6.2f sec  %s  %s%s", id, role, start, end,
                unit(bytes, 1024, BYTES), unit(bitsPerSecond, 1000, BITS), tail);
    }

    /** iperf3's unit_snprintf: the largest unit the value reaches, "%4.2f" under 10, "%4.1f" under 100, else "%4.0f". */
    static String unit(double value, double scale, String[] names) {
        int i = 0;
        while (i < names.length - 1 && value >= scale) {
            value /= scale;
            i++;
        }
        String format = value < 9.995 ? "%4.2f %s" : value < 99.95 ? "%4.1f %s" : "%4.0f %s";
        return String.format(Locale.ROOT, format, value, names[i]);
    }
}
