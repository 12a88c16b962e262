package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.gate.GateText;
import io.loadlab.loadgen.calibrate.Ceiling;
import io.loadlab.loadgen.calibrate.Suspect;
import io.loadlab.loadgen.stats.Interval;

import java.util.Locale;

/**
 * An experiment's table as CSV (one header line, one line per cell, RFC 4180 quoting) and as aligned text
 * in the shape of the reference experiment's table, followed by the verdicts' reasons, the searches and
 * the scaling summary.
 */
public final class ExperimentTable {

    static final String CSV_HEADER = "target,cores,variant,requests_per_second,mb_per_second,p50_ms,p99_ms,errors,"
            + "target_cpu,loadgen_cpu,link_utilisation,target_wait,target_throttled,loadgen_wait,loadgen_throttled,verdict,"
            + "trustworthy,run_id,agents";
    /** Appended to the CSV header and each line when the experiment has a {@code protocols} axis. */
    static final String CSV_PROTOCOL = ",protocol,spoken,tls_handshakes_per_second,tls_handshakes_per_request,tls_handshake_p99_ms";
    private static final String ROW = "%-12s %5s  %-24s %11s %8s %9s %9s %7s %7s %7s %6s %7s %6s  %s%n";
    /** With a {@code protocols} axis: the entry after the variant, the handshakes per second before the verdict. */
    private static final String PROTOCOL_ROW = "%-12s %5s  %-24s %-16s %11s %8s %9s %9s %7s %7s %7s %6s %7s %6s %8s  %s%n";

    private ExperimentTable() {
    }

    public static String csv(ExperimentRecord x) {
        boolean axis = x.spec().protocols() != null;
        StringBuilder s = new StringBuilder(CSV_HEADER).append(axis ? CSV_PROTOCOL : "").append('\n');
        for (CellResult c : x.cells()) {
            Evidence e = c.verdict().evidence();
            s.append(String.join(",", quote(c.target()), Integer.toString(c.cores()), quote(c.variant()),
                    f("%.1f", c.requestsPerSecond()), f("%.3f", c.mbPerSecond()), f("%.3f", c.p50Millis()),
                    f("%.3f", c.p99Millis()), Long.toString(c.errors()), ratio(e.targetCpu()), ratio(e.loadgenCpu()),
                    ratio(e.linkUtilisation()), ratio(e.targetWait()), ratio(e.targetThrottled()), ratio(e.loadgenWait()),
                    ratio(e.loadgenThrottled()), c.verdict().verdict(), Boolean.toString(c.verdict().trustworthy()),
                    c.runId(), c.agents() == null ? "" : c.agents().toString()));
            if (axis) {
                ProtocolEvidence p = e.protocol();
                s.append(',').append(quote(String.valueOf(c.protocol()))).append(',')
                        .append(p == null || p.protocol() == null ? "" : quote(p.protocol())).append(',')
                        .append(p == null ? "" : ratio(p.tlsHandshakesPerSecond())).append(',')
                        .append(p == null ? "" : ratio(p.tlsHandshakesPerRequest())).append(',')
                        .append(p == null ? "" : ratio(p.tlsHandshakeP99Millis()));
            }
            s.append('\n');
        }
        return s.toString();
    }

    public static String text(ExperimentRecord x) {
        StringBuilder s = new StringBuilder();
        s.append("Experiment ").append(x.id()).append(x.spec().name() == null ? "" : " (" + x.spec().name() + ")")
                .append(": ").append(x.state().json()).append(", ").append(x.runsDone()).append(" of at most ")
                .append(x.runsPlanned()).append(" runs").append('\n');
        if (x.failure() != null) {
            s.append("  failure: ").append(x.failure()).append('\n');
        }
        if (x.warnings() != null) {
            x.warnings().forEach(w -> s.append("  warning: ").append(w).append('\n'));
        }
        if (x.warmupPass() != null) {
            s.append("  warm-up pass: ").append(x.warmupPass().summary()).append('\n');
        }
        for (LinkCapacity l : x.links()) {
            s.append(!l.known() ? f("  link to %s: unknown (%s)%n", l.target(), l.note())
                    : f("  link to %s: %.1f Mbit/s (%s)%n", l.target(), l.mbps(), !l.measured() ? "given"
                    : LinkCapacity.DOWNLOAD.equals(l.method()) ? "measured by download, a lower bound"
                    + (l.note() == null ? "" : "; " + l.note()) : "measured by " + l.method()));
        }
        boolean axis = x.spec().protocols() != null;
        s.append('\n').append(axis
                ? f(PROTOCOL_ROW, "target", "cores", "variant", "protocol", "req/s", "MB/s", "p50(ms)", "p99(ms)", "errors",
                "tgtCPU", "tgtWait", "thrtl", "lgCPU", "link", "tlsHs/s", "verdict")
                : f(ROW, "target", "cores", "variant", "req/s", "MB/s", "p50(ms)", "p99(ms)", "errors", "tgtCPU", "tgtWait",
                "thrtl", "lgCPU", "link", "verdict"));
        for (CellResult c : x.cells()) {
            Evidence e = c.verdict().evidence();
            String verdict = c.verdict().verdict() + (c.agents() == null ? "" : " on " + c.agents() + " agents")
                    + (c.verdict().trustworthy() ? "" : " (figures not trustworthy)");
            Object[] figures = {f("%.1f", c.requestsPerSecond()), f("%.2f", c.mbPerSecond()), f("%.2f", c.p50Millis()),
                    f("%.2f", c.p99Millis()), c.errors(), pct(e.targetCpu()), pct(e.targetWait()),
                    pct(e.targetThrottled()), pct(e.loadgenDemand()), pct(e.linkUtilisation())};
            if (axis) {
                ProtocolEvidence p = e.protocol();
                s.append(f(PROTOCOL_ROW, concat(new Object[]{c.target(), c.cores(), c.variant(), c.protocol()}, figures,
                        p == null || p.tlsHandshakesPerSecond() == null ? "-" : f("%.0f", p.tlsHandshakesPerSecond()), verdict)));
            } else {
                s.append(f(ROW, concat(new Object[]{c.target(), c.cores(), c.variant()}, figures, verdict)));
            }
        }
        if (axis) {
            ProtocolTable.sideBySide(x, s);
        }
        s.append("\nWhy:\n");
        for (CellResult c : x.cells()) {
            s.append("  ").append(c.target()).append(' ').append(c.variant())
                    .append(c.protocol() == null ? "" : " " + c.protocol()).append(": ").append(c.verdict().reason())
                    .append('\n');
        }
        for (SearchResult r : x.searches()) {
            s.append(f("%nHighest sustainable rate, %s %s: %s, passing %s, failing %s%s (%s)%n", r.target(), r.variant(),
                    r.outcome(), r.sustainableRate() == null ? "none" : f("%.1f/s", r.sustainableRate()),
                    r.failingRate() == null ? "none" : f("%.1f/s", r.failingRate()),
                    r.gap() == null ? "" : f(", gap %.1f%%", 100 * r.gap()), r.note()));
            s.append(f("  %10s %10s %8s %10s %8s  %s%n", "rate", "p99(ms)", "errors", "achieved", "samples", "SLO"));
            for (ProbePoint p : r.curve()) {
                s.append(f("  %10.1f %10.2f %7.2f%% %10.1f %8d  %s%n", p.rate(), p.p99Millis(), 100 * p.errorRate(),
                        p.achievedRate(), p.samples(), (p.ok() ? "met" : "missed")
                                + (p.generatorSaturated() ? " (loadgen saturated)" : "")));
            }
        }
        if (x.stats().stream().anyMatch(c -> c.repeats() > 1)) {
            s.append(f("%nRepeats (median and 95%% bootstrap interval over completed runs):%n  %-12s %-24s %7s %27s %27s%n",
                    "target", "variant", "repeats", "req/s [low, high]", "p99(ms) [low, high]"));
            for (CellStats c : x.stats()) {
                s.append(f("  %-12s %-24s %7d %27s %27s%n", c.target(),
                        c.variant() + (c.protocol() == null ? "" : " " + c.protocol()), c.repeats(),
                        interval(c.requestsPerSecond(), "%.1f"), interval(c.p99Millis(), "%.2f")));
            }
        }
        if (x.calibration() != null) {
            Ceiling c = x.calibration().ceiling();
            s.append(f("%nGenerator ceiling (calibrated on loopback, %d cores): %.0f req/s per event loop with keep-alive, "
                            + "%.0f without; %.0f UDP msg/s; %.1f / %.1f us CPU per request%n", c.cores(),
                    c.keepAlivePerLoop(), c.closePerLoop(), c.udpMessagesPerSecond(), c.cpuMicrosKeepAlive(),
                    c.cpuMicrosClose()));
            for (Suspect u : x.suspects()) {
                s.append("  suspect ").append(u.target()).append(' ').append(u.variant()).append(": ")
                        .append(u.reason()).append('\n');
            }
        }
        if (!x.scaling().isEmpty()) {
            s.append(f("%nScaling (medians, relative to the smallest node, per variant):%n  %-24s %-12s %5s %11s %10s %10s  %s%n",
                    "variant", "target", "cores", "req/s", "req/s/core", "efficiency", "vs smallest"));
            for (ScalingRow r : x.scaling()) {
                s.append(f("  %-24s %-12s %5d %11.1f %10.1f %10.2f  %s%n",
                        r.variant() + (r.protocol() == null ? "" : " " + r.protocol()), r.target(), r.cores(),
                        r.requestsPerSecond(), r.perCore(), r.efficiency(), r.vsSmallest() == null ? "-" : r.vsSmallest()));
            }
        }
        if (x.gate() != null) { // last, as a pipeline's log shows it: what the build passes or fails on
            s.append('\n').append(GateText.lines(x.gate()));
        }
        return s.toString();
    }

    private static Object[] concat(Object[] head, Object[] figures, Object... tail) {
        Object[] all = new Object[head.length + figures.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(figures, 0, all, head.length, figures.length);
        System.arraycopy(tail, 0, all, head.length + figures.length, tail.length);
        return all;
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    private static String interval(Interval i, String number) {
        return f(number + " [" + number + ", " + number + "]", i.median(), i.low(), i.high());
    }

    static String ratio(Double d) {
        return d == null ? "" : f("%.3f", d);
    }

    static String pct(Double d) {
        return d == null ? "-" : f("%.0f%%", 100 * d);
    }

    static String quote(String v) {
        return v.contains(",") || v.contains("\"") || v.contains("\n") ? '"' + v.replace("\"", "\"\"") + '"' : v;
    }
}
