package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.MeasuredSeries;
import io.loadlab.loadgen.engine.RunStats;
import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunSeries;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
        return of(spec, stats, measuredNanos, connections, new TlsTally());
    }

    /** @param tls the loops' TLS tallies merged: what was agreed and why handshakes failed */
    static HttpReport of(HttpRunSpec spec, RunStats stats, long measuredNanos, ConnectionCounts connections, TlsTally tls) {
        double seconds = measuredNanos / 1e9;
        long requests = stats.measured(Counter.COMPLETED);
        HttpErrors errors = errors(stats);
        HttpReport report = new HttpReport(requests, seconds, perSecond(requests, seconds),
                stats.measured(Counter.BYTES_RECEIVED), stats.measured(Counter.BYTES_SENT), errors,
                LatencySummary.ofNanos(stats.latency()),
                stats.serviceTime() == null ? null : LatencySummary.ofNanos(stats.serviceTime()),
                stats.connect() == null ? null : LatencySummary.ofNanos(stats.connect()),
                stats.total(Counter.CONNECTIONS_OPENED), spec.rate(),
                perSecond(stats.measured(Counter.SENT), seconds), stats.warmup(Counter.COMPLETED), null,
                MeasuredSeries.of(stats.intervals(), spec.warmup().toNanos(), measuredNanos, Counter.COMPLETED, false,
                        spec.secure()),
                connections.requested(), connections.established(), connections.neverOpened());
        return spec.secure() ? report.withProtocol(tlsReport(stats, tls), report.h2()) : report;
    }

    /** The measured part's handshakes; what was agreed comes from the first handshake of the run, warm-up included. */
    private static TlsReport tlsReport(RunStats stats, TlsTally tls) {
        TlsAgreement agreed = tls.first();
        return new TlsReport(stats.measured(Counter.TLS_HANDSHAKES), stats.measured(Counter.TLS_RESUMED),
                stats.handshake() == null ? LatencySummary.EMPTY : LatencySummary.ofNanos(stats.handshake()),
                agreed == null ? null : agreed.protocol(), agreed == null ? null : agreed.version(),
                agreed == null ? null : agreed.cipher(), stats.measured(Counter.TLS_ERRORS), tls.failures());
    }

    /** The report of a run that never started: nothing sent, nothing measured. */
    static HttpReport empty(HttpRunSpec spec) {
        HttpReport report = new HttpReport(0, 0, 0, 0, 0, new HttpErrors(0, 0, 0, 0, 0), LatencySummary.EMPTY,
                spec.openModel() ? LatencySummary.EMPTY : null, spec.keepAlive() ? null : LatencySummary.EMPTY,
                0, spec.rate(), 0, 0, null, RunSeries.EMPTY, spec.connections(), 0, 0);
        return spec.secure() ? report.withProtocol(new TlsReport(0, 0, LatencySummary.EMPTY, null, null, null, 0, Map.of()), null)
                : report;
    }

    /**
     * Each named request's figures, in the spec's order, from the run's stats of that name ({@code byName.get(i)} for
     * {@code spec.mix().get(i)}), sampled after the last loop stopped and its intervals finished. Each is counted as
     * the totals are, so the names' counts and latencies add up to them. A name's series adds up to its own figures;
     * its seconds are cut by its own ticker, a few ms from the run's (412 of 15,890 requests of a second fell in the
     * next one in a run here), so its points are not the run's points split.
     */
    static List<RequestReport> mix(HttpRunSpec spec, List<RunStats> byName, long measuredNanos) {
        if (byName.size() != spec.mix().size()) {
            throw new IllegalArgumentException(byName.size() + " stats for " + spec.mix().size() + " names");
        }
        double seconds = measuredNanos / 1e9;
        List<RequestReport> named = new ArrayList<>(byName.size());
        for (int i = 0; i < byName.size(); i++) {
            RunStats s = byName.get(i);
            RequestSpec r = spec.mix().get(i);
            long requests = s.measured(Counter.COMPLETED);
            Histogram latency = s.latency();
            named.add(new RequestReport(r.name(), r.weight(), requests, perSecond(requests, seconds),
                    s.measured(Counter.SENT), s.warmup(Counter.COMPLETED), s.measured(Counter.BYTES_RECEIVED),
                    s.measured(Counter.BYTES_SENT), errors(s), LatencySummary.ofNanos(latency),
                    latency.getTotalCount() == 0 ? null : HistogramCodec.encode(latency),
                    MeasuredSeries.of(s.intervals(), spec.warmup().toNanos(), measuredNanos, Counter.COMPLETED, false)));
        }
        return named;
    }

    /** The measured part's errors by cause, as wrk splits them. */
    private static HttpErrors errors(RunStats stats) {
        return new HttpErrors(stats.measured(Counter.CONNECT_ERRORS), stats.measured(Counter.TIMEOUTS),
                stats.measured(Counter.READ_WRITE_ERRORS), stats.measured(Counter.STATUS_3XX),
                stats.measured(Counter.STATUS_4XX), stats.measured(Counter.STATUS_5XX), stats.measured(Counter.TLS_ERRORS),
                stats.measured(Counter.STREAM_RESETS), stats.measured(Counter.GOAWAY_ERRORS));
    }

    private static double perSecond(long count, double seconds) {
        return seconds > 0 ? count / seconds : 0;
    }
}
