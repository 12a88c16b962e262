package io.loadlab.loadgen.metrics;

import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.IntervalSeries;
import io.loadlab.loadgen.engine.RecentIntervals;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.run.LoadRun;
import org.HdrHistogram.Histogram;
import org.jboss.logging.Logger;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The measured latency of this process's runs, added per run kind into {@link LatencyBuckets}: each run's closed
 * one-second intervals are read from its {@link IntervalSeries} when the histogram is read (a scrape) and once more
 * when the run ends, so the hot path does nothing for it and a scrape adds about one decoded histogram per second
 * since the last. Only the measured part's latency, as the report's (CO-corrected in the open model, warm-up left
 * out): the intervals' measured histograms add up to the report's exactly. A run that keeps no intervals (iperf, a
 * controller's distributed run, whose latency its agents measure and export) adds nothing, so no latency is counted
 * twice across pods. Thread-safe.
 * <p>
 * A series keeps its newest {@link IntervalSeries#RAW_WINDOW} seconds whole; {@link #catchUp()}, called every
 * {@link LatencyHistogramBinding#CATCH_UP_SECONDS} whether or not anything scrapes, reads them well within that, so no
 * interval leaves the window unread unless this process stalls for minutes (then a warning says how many).
 */
final class LatencyFeed {

    private static final Logger LOG = Logger.getLogger(LatencyFeed.class);

    /** Guarded by {@code this}. Kind names are bounded by the kinds this process registers. */
    private final Map<String, LatencyBuckets> byKind = new TreeMap<>();
    /** Guarded by {@code this}: live runs by id, each with the next interval index to read. */
    private final Map<String, Cursor> live = new LinkedHashMap<>();

    synchronized void started(String id, String kind, LoadRun run) {
        live.put(id, new Cursor(kind, run));
    }

    /** Reads the run's last intervals (its series is finished by now) and forgets it. */
    synchronized void finished(String id) {
        Cursor c = live.remove(id);
        if (c != null) {
            feed(c);
        }
    }

    /** Brings every live run's closed intervals in; then the snapshot: per kind, cumulative counts and sum. */
    synchronized Map<String, Snapshot> read() {
        live.values().forEach(this::feed);
        Map<String, Snapshot> out = new TreeMap<>();
        byKind.forEach((kind, b) -> out.put(kind, new Snapshot(b.cumulative(), b.count(), b.sumSeconds())));
        return out;
    }

    /** Brings every live run's closed intervals in, before they leave their series' window of whole ones. */
    synchronized void catchUp() {
        live.values().forEach(this::feed);
    }

    private void feed(Cursor c) {
        IntervalSeries series = c.run.intervals(); // set once the run's load started, null for a kind that keeps none
        if (series == null) {
            return;
        }
        RecentIntervals fresh = series.recent(c.next);
        if (fresh.missed() > 0) {
            LOG.warnf("%s run: %d intervals left its series' window "
                    + "of %d whole ones before a read, their latencies are left out of loadgen_latency_seconds", c.kind,
                    fresh.missed(), series.window());
        }
        for (IntervalSample s : fresh.intervals()) {
            c.next = s.index() + 1;
            Histogram h;
            try {
                h = HistogramCodec.decode(s.measured().latency());
            } catch (IllegalArgumentException e) {
                // the run wrote it itself, so this is a bug; skipped and said, rather than every scrape failing with it
                LOG.errorf(e, "%s run: interval %d's latency is unreadable, left out of loadgen_latency_seconds", c.kind, s.index());
                continue;
            }
            byKind.computeIfAbsent(c.kind, k -> new LatencyBuckets()).add(h);
        }
    }

    /**
     * @param cumulative a count per {@link LatencyBuckets#BOUNDS_SECONDS} bound, then +Inf (the total)
     */
    record Snapshot(long[] cumulative, long count, double sumSeconds) {
    }

    private static final class Cursor {
        final String kind;
        final LoadRun run;
        long next;

        Cursor(String kind, LoadRun run) {
            this.kind = kind;
            this.run = run;
        }
    }
}
