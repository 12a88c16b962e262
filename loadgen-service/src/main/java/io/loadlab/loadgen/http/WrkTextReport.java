package io.loadlab.loadgen.http;

import io.loadlab.loadgen.report.LatencySummary;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;

/**
 * An HTTP report in wrk's text layout, so eyes and scripts used to wrk read it unchanged.
 * Where our figures differ from wrk's, the text says so rather than invent a number:
 * <ul>
 * <li>Req/Sec: wrk samples each thread's rate every 100 ms; runs carry no such samples, so the row
 *     shows the average per thread and {@code -} for stdev, max and +/- stdev.</li>
 * <li>Socket errors: runs count read and write errors together; they are shown under {@code read},
 *     {@code write} is always 0.</li>
 * <li>The Latency Distribution is always printed (wrk needs {@code --latency}).</li>
 * </ul>
 * As in wrk, the socket-error and non-2xx lines appear only when non-zero; so does the line wrk lacks, of
 * connections that never opened. An https run adds a TLS block wrk lacks (h2load prints alike): handshakes and how
 * many resumed, handshake time apart from latency, what was agreed, and failed handshakes by reason. A run with a
 * request mix adds a table per name under the totals ({@link MixTextTable}); without one the text is wrk's.
 */
public final class WrkTextReport {

    private WrkTextReport() {
    }

    /**
     * @param histogram nanosecond latencies, or null; used for the share of requests within one stdev
     */
    public static String render(URI target, Duration duration, int threads, int connections, HttpReport r,
                                AbstractHistogram histogram) {
        StringBuilder out = new StringBuilder();
        LatencySummary lat = r.latencyMicros() == null ? LatencySummary.EMPTY : r.latencyMicros();
        out.append("Running ").append(WrkUnits.timeSeconds(duration.toSeconds())).append(" test @ ").append(target).append('\n');
        out.append(String.format(Locale.ROOT, "  %d threads and %d connections%n", threads, connections));
        out.append(String.format(Locale.ROOT, "  Thread Stats%6s%11s%8s%12s%n", "Avg", "Stdev", "Max", "+/- Stdev"));
        out.append(String.format(Locale.ROOT, "    %-10s", "Latency"))
                .append(column(WrkUnits.timeMicros(lat.mean()), 8))
                .append(column(WrkUnits.timeMicros(lat.stdev()), 10))
                .append(column(WrkUnits.timeMicros(lat.max()), 9))
                .append(withinStdev(histogram)).append('\n');
        out.append(String.format(Locale.ROOT, "    %-10s", "Req/Sec"))
                .append(column(WrkUnits.metric(threads > 0 ? r.requestsPerSecond() / threads : 0), 8))
                .append(column("-", 10)).append(column("-", 9)).append(String.format(Locale.ROOT, "%9s", "-")).append('\n');
        out.append("  Latency Distribution\n");
        double[] ps = {50, 75, 90, 99};
        double[] vs = {lat.p50(), lat.p75(), lat.p90(), lat.p99()};
        for (int i = 0; i < ps.length; i++) {
            out.append(String.format(Locale.ROOT, "%7.0f%%", ps[i])).append(column(WrkUnits.timeMicros(vs[i]), 10)).append('\n');
        }
        out.append(String.format(Locale.ROOT, "  %d requests in %s, %sB read%n", r.requests(),
                WrkUnits.timeMicros(r.durationSeconds() * 1_000_000.0), WrkUnits.binary(r.bytesReceived())));
        HttpErrors e = r.errors() == null ? new HttpErrors(0, 0, 0, 0, 0) : r.errors();
        if (e.connect() + e.readWrite() + e.timeout() > 0) {
            out.append(String.format(Locale.ROOT, "  Socket errors: connect %d, read %d, write %d, timeout %d%n",
                    e.connect(), e.readWrite(), 0, e.timeout()));
        }
        if (r.connectionsNeverOpened() > 0) { // wrk has no such line: it exits on its first failed connect
            out.append(String.format(Locale.ROOT, "  Connections: %d of %d never opened, %d did%n",
                    r.connectionsNeverOpened(), r.connectionsRequested(), r.connectionsEstablished()));
        }
        if (r.h2() != null) { // wrk speaks no HTTP/2: h2load's terms, on one line of ours
            out.append(h2Line(r.h2(), e));
        }
        long non2xx = e.status3xx() + e.status4xx() + e.status5xx();
        if (non2xx > 0) {
            out.append(String.format(Locale.ROOT, "  Non-2xx or 3xx responses: %d%n", non2xx));
        }
        if (r.tls() != null) {
            tls(out, r.tls());
        }
        out.append(String.format(Locale.ROOT, "Requests/sec: %9.2f%n", r.requestsPerSecond()));
        double bytesPerSecond = r.durationSeconds() > 0 ? r.bytesReceived() / r.durationSeconds() : 0;
        out.append(String.format(Locale.ROOT, "Transfer/sec: %10sB%n", WrkUnits.binary(bytesPerSecond)));
        out.append(MixTextTable.render(r.mix()));
        if (r.disturbed() != null) {
            out.append("DISTURBED: ").append(r.disturbed().reason()).append('\n');
        }
        return out.toString().replace(System.lineSeparator(), "\n");
    }

    private static void tls(StringBuilder out, TlsReport t) {
        LatencySummary h = t.handshakeMicros() == null ? LatencySummary.EMPTY : t.handshakeMicros();
        out.append(String.format(Locale.ROOT, "  TLS handshakes: %d, resumed %d, p50 %s, p99 %s%n", t.handshakes(),
                t.resumed(), WrkUnits.timeMicros(h.p50()), WrkUnits.timeMicros(h.p99())));
        out.append(String.format(Locale.ROOT, "  TLS agreed: %s, %s, ALPN %s%s%n", t.version() == null ? "-" : t.version(),
                t.cipher() == null ? "-" : t.cipher(), t.protocol() == null ? "-" : t.protocol(),
                t.provider() == null ? "" : ", provider " + t.provider()));
        if (t.failures() > 0) {
            out.append(String.format(Locale.ROOT, "  TLS errors: %d%n", t.failures()));
            t.failureReasons().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                    .forEach(e -> out.append(String.format(Locale.ROOT, "    %d %s%n", e.getValue(), e.getKey())));
        }
    }

    /** Streams asked and used, the server's limit, GOAWAYs, and streams they or resets ended unanswered. */
    static String h2Line(H2Report h2, HttpErrors e) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  HTTP/2: %d streams per connection, %d used",
                h2.streamsRequested(), h2.streamsUsed()));
        line.append(h2.maxConcurrentStreams() < 0 ? " (server limit: none)"
                : String.format(Locale.ROOT, " (server limit: %d)", h2.maxConcurrentStreams()));
        if (h2.goaways() > 0 || e.goaway() > 0) {
            line.append(String.format(Locale.ROOT, ", %d GOAWAYs (%d streams left unanswered)", h2.goaways(), e.goaway()));
        }
        if (e.reset() > 0) {
            line.append(String.format(Locale.ROOT, ", %d streams reset", e.reset()));
            h2.resets().forEach((code, n) -> line.append(String.format(Locale.ROOT, " %s %d", code, n)));
        }
        return line.append('\n').toString();
    }

    /** wrk's {@code print_units}: right-aligned, with up to two spaces standing in for a missing unit. */
    private static String column(String text, int width) {
        int len = text.length();
        int pad = 2;
        if (len > 0 && Character.isLetter(text.charAt(len - 1))) {
            pad--;
        }
        if (len > 1 && Character.isLetter(text.charAt(len - 2))) {
            pad--;
        }
        int w = width - pad;
        String body = len > w ? text.substring(0, w) : text;
        return String.format(Locale.ROOT, "%" + w + "s", body) + "  ".substring(0, pad);
    }

    /** The share of recorded latencies within one standard deviation of the mean, as wrk prints it. */
    private static String withinStdev(AbstractHistogram h) {
        if (h == null || h.getTotalCount() == 0) {
            return String.format(Locale.ROOT, "%9s", "-");
        }
        double mean = h.getMean();
        double stdev = h.getStdDeviation();
        long within = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            long value = v.getValueIteratedTo();
            if (value >= mean - stdev && value <= mean + stdev) {
                within += v.getCountAtValueIteratedTo();
            }
        }
        return String.format(Locale.ROOT, "%8.2f%%", 100.0 * within / h.getTotalCount());
    }
}
