package io.loadlab.loadgen.metrics;

import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.IntervalSeries;
import io.loadlab.loadgen.engine.PhaseInterval;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.loadgen.run.RunProgress;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The feed follows a run's series as its window moves: a reader that keeps up adds every interval's latencies once, one
 * that fell behind the window adds what is still whole and follows on from there, never an interval twice.
 */
class LatencyFeedTest {

    /** Interval {@code index} holds {@code index + 1} latencies, so a count says which intervals were added. */
    private static List<IntervalSample> intervals(long from, long to) {
        List<IntervalSample> out = new ArrayList<>();
        for (long i = from; i < to; i++) {
            Histogram h = new Histogram(3);
            h.recordValueWithCount(200_000, i + 1);
            PhaseInterval m = new PhaseInterval(Map.of(), HistogramCodec.encode(h), null, null);
            out.add(new IntervalSample(i, i, i + 1, new PhaseInterval(Map.of(), HistogramCodec.encode(new Histogram(3)),
                    null, null), m));
        }
        return out;
    }

    private static long latencies(long from, long to) { // (from + 1) + ... + to
        return (to * (to + 1) - from * (from + 1)) / 2;
    }

    @Test
    void aReaderThatKeepsUpAddsEveryIntervalOnce() {
        IntervalSeries series = new IntervalSeries(100, 4);
        LatencyFeed feed = new LatencyFeed();
        feed.started("r", "http", new Run(series));
        for (long second = 0; second < 30; second += 3) {
            series.appendAll(intervals(second, second + 3));
            assertEquals(latencies(0, second + 3), feed.read().get("http").count(), "after second " + second);
        }
        feed.finished("r");
        assertEquals(latencies(0, 30), feed.read().get("http").count());
    }

    @Test
    void aReaderBehindTheWindowAddsWhatIsStillWholeAndFollowsOn() {
        IntervalSeries series = new IntervalSeries(100, 4);
        LatencyFeed feed = new LatencyFeed();
        feed.started("r", "http", new Run(series));
        series.appendAll(intervals(0, 2));
        assertEquals(latencies(0, 2), feed.read().get("http").count());
        series.appendAll(intervals(2, 10)); // 2..5 digested before the next read: missed
        assertEquals(latencies(0, 2) + latencies(6, 10), feed.read().get("http").count());
        series.appendAll(intervals(10, 13));
        feed.finished("r");
        assertEquals(latencies(0, 2) + latencies(6, 13), feed.read().get("http").count());
    }

    /** Caught up (as the binding does every minute) with no scrape between: a later scrape still has every second. */
    @Test
    void catchingUpWithoutAScrapeKeepsWhatTheWindowWouldHaveLost() {
        IntervalSeries series = new IntervalSeries(100, 4);
        LatencyFeed feed = new LatencyFeed();
        feed.started("r", "http", new Run(series));
        for (long second = 0; second < 30; second += 3) {
            series.appendAll(intervals(second, second + 3));
            feed.catchUp();
        }
        feed.finished("r");
        assertEquals(latencies(0, 30), feed.read().get("http").count(), "every interval, none read by a scrape");
    }

    private record Run(IntervalSeries intervals) implements LoadRun {

        @Override
        public RunProgress progress() {
            throw new UnsupportedOperationException("the feed reads no progress");
        }

        @Override
        public void cancel() {
        }

        @Override
        public CompletionStage<RunOutcome> done() {
            return new CompletableFuture<>();
        }
    }
}
