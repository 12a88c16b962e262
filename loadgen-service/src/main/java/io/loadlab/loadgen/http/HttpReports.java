package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.MeasuredSeries;
import io.loadlab.loadgen.engine.RunStats;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunSeries;

/** Turns a run's merged stats into its {@link HttpReport}. */
final class HttpReports {

    private HttpReports() {
    }

    /**
     * @param stats         sampled after the last event loop stopped
     * @param measuredNanos the measured time: the duration, or less when cancelled
     * @param connections   the loops' connections, counted when they finished
     */
    static HttpReport of(HttpRunSpec spec, RunStats stats, long measuredNanos, ConnectionCounts connections) {
        double seconds = measuredNanos / 1e9;
        long requests = stats.measured(Counter.COMPLETED);
        HttpErrors errors = new HttpErrors(stats.measured(Counter.CONNECT_ERRORS), stats.measured(Counter.TIMEOUTS),
                stats.measured(Counter.READ_WRITE_ERRORS), stats.measured(Counter.STATUS_3XX), stats.measured(Counter.STATUS_4XX),
                stats.measured(Counter.STATUS_5XX), stats.measured(Counter.TLS_ERRORS),
                stats.measured(Counter.STREAM_RESETS), stats.measured(Counter.GOAWAY_ERRORS));
        return new HttpReport(requests, seconds, perSecond(requests, seconds),
                stats.measured(Counter.BYTES_RECEIVED), stats.measured(Counter.BYTES_SENT), errors,
                LatencySummary.ofNanos(stats.latency()),
                stats.serviceTime() == null ? null : LatencySummary.ofNanos(stats.serviceTime()),
                stats.connect() == null ? null : LatencySummary.ofNanos(stats.connect()),
                stats.total(Counter.CONNECTIONS_OPENED), spec.rate(),
                perSecond(stats.measured(Counter.SENT), seconds), stats.warmup(Counter.COMPLETED), null,
                MeasuredSeries.of(stats.intervals(), spec.warmup().toNanos(), measuredNanos, Counter.COMPLETED, false),
                connections.requested(), connections.established(), connections.neverOpened());
    }

    /** The report of a run that never started: nothing sent, nothing measured. */
    static HttpReport empty(HttpRunSpec spec) {
        return new HttpReport(0, 0, 0, 0, 0, new HttpErrors(0, 0, 0, 0, 0), LatencySummary.EMPTY,
                spec.openModel() ? LatencySummary.EMPTY : null, spec.keepAlive() ? null : LatencySummary.EMPTY,
                0, spec.rate(), 0, 0, null, RunSeries.EMPTY, spec.connections(), 0, 0);
    }

    private static double perSecond(long count, double seconds) {
        return seconds > 0 ? count / seconds : 0;
    }
}
