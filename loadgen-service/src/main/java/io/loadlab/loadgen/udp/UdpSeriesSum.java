package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.report.SeriesPoint;

import java.util.ArrayList;
import java.util.List;

/**
 * The agents' per-second series of a distributed UDP run added second by second (each agent's second k is the same
 * second after the agreed start): messages, errors and missing pongs summed. Only where that is exact: a point's
 * round-trip percentiles cannot be added (the per-second histograms stay on the agents), so a run whose points carry
 * round trips (ping-pong, under-load) gets no merged series ({@link RunSeries#EMPTY}), and neither does a run an
 * agent delivered no report of: a sum missing an agent would be false.
 */
final class UdpSeriesSum {

    private UdpSeriesSum() {
    }

    static RunSeries of(List<RunReport> parts) {
        if (parts.isEmpty() || parts.stream().anyMatch(p -> p == null)) {
            return RunSeries.EMPTY;
        }
        int seconds = 0;
        for (RunReport p : parts) {
            for (SeriesPoint point : p.series().points()) {
                if (point.p99Micros() > 0 || point.maxMicros() > 0) {
                    return RunSeries.EMPTY;
                }
            }
            seconds = Math.max(seconds, p.series().points().size());
        }
        List<SeriesPoint> sum = new ArrayList<>(seconds);
        for (int s = 0; s < seconds; s++) {
            long requests = 0;
            long errors = 0;
            Long lost = null;
            for (RunReport p : parts) {
                List<SeriesPoint> points = p.series().points();
                if (s < points.size()) {
                    SeriesPoint point = points.get(s);
                    requests += point.requests();
                    errors += point.errors();
                    if (point.lost() != null) { // a kind that counts no loss per second leaves it null
                        lost = (lost == null ? 0 : lost) + point.lost();
                    }
                }
            }
            sum.add(new SeriesPoint(s, requests, errors, 0, 0, 0, lost));
        }
        return new RunSeries(sum);
    }
}
