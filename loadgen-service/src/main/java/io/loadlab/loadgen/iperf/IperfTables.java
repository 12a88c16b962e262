package io.loadlab.loadgen.iperf;

import io.loadlab.loadgen.run.ReportTable;
import io.loadlab.loadgen.run.ReportTable.Row;

import java.util.ArrayList;
import java.util.List;

/**
 * An iperf report as the run page's tables: each direction's sums as iperf3's summary lines give them, both ends'
 * CPU, and each direction's per-second intervals, charted. The report's figures sit in its {@code directions} array,
 * which the page's headline (scalar fields only) cannot show: before these tables an iperf run page showed its kind.
 */
final class IperfTables {

    private static final List<String> SUMS = List.of("direction", "sentBytes", "receivedBytes", "sentBitsPerSecond",
            "receivedBitsPerSecond", "retransmits", "jitterMillis", "lost", "packets", "lossPercent", "outOfOrder");
    private static final List<String> CPU = List.of("end", "totalPercent", "userPercent", "systemPercent");
    private static final List<String> SECONDS = List.of("start", "end", "bytes", "bitsPerSecond");

    private IperfTables() {
    }

    static List<ReportTable> of(IperfReport r) {
        List<ReportTable> tables = new ArrayList<>();
        tables.add(new ReportTable("iperf-directions", "Per direction, over the measured time (iperf3's summary: bytes and "
                + "bits per second as each end counted them; jitter and loss for UDP, retransmits where the sender gives them)",
                SUMS, r.directions().stream().map(d -> sums(d.direction(), d.sum())).toList()));
        List<Row> cpu = new ArrayList<>();
        cpu(cpu, "local", r.local());
        cpu(cpu, "remote", r.remote());
        if (!cpu.isEmpty()) {
            tables.add(new ReportTable("iperf-cpu", "CPU utilisation, percent of one CPU, as iperf3 prints it", CPU, cpu));
        }
        for (DirectionReport d : r.directions()) {
            tables.add(new ReportTable("iperf-" + token(d.direction()) + "-seconds", "Per second, " + d.direction()
                    + " (this end's count: sent if it sends, received if it receives; summed over streams)", SECONDS,
                    d.intervals().stream().map(i -> Row.of(i.start(), i.end(), i.bytes(), i.bitsPerSecond())).toList(),
                    List.of("bitsPerSecond")));
        }
        return List.copyOf(tables);
    }

    private static Row sums(String direction, StreamFigures s) {
        return Row.of(direction, s.sentBytes(), s.receivedBytes(), s.sentBitsPerSecond(), s.receivedBitsPerSecond(),
                s.retransmits(), s.jitterMillis(), s.lost(), s.packets(), s.lossPercent(), s.outOfOrder());
    }

    private static void cpu(List<Row> rows, String end, IperfReport.CpuUtilisation c) {
        if (c != null) {
            rows.add(Row.of(end, c.total(), c.user(), c.system()));
        }
    }

    /** A direction's name as an element id's part: a stored report read back may hold any text there. */
    private static String token(String direction) {
        String t = direction.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9-]", "");
        return t.isEmpty() ? "x" : t.substring(0, Math.min(t.length(), 40));
    }
}
