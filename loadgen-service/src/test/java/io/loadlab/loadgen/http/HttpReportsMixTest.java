package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.FakeClock;
import io.loadlab.loadgen.engine.PhaseStats;
import io.loadlab.loadgen.engine.RunStats;
import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.SeriesPoint;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link HttpReports#mix} over per-name stats built as a run builds them: a child of each loop's phase stats per name,
 * a {@link RunStats} per name over them, intervals closed each second. The names must add up to the totals.
 */
class HttpReportsMixTest {

    private static final long SECOND = 1_000_000_000L;

    private final FakeClock clock = new FakeClock(0);
    private final HttpRunSpec spec = new HttpRunSpec(URI.create("http://127.0.0.1:1/"), "GET", Map.of(), null, 2, 2,
            Duration.ofSeconds(2), Duration.ZERO, 0, true, Duration.ofSeconds(1), HttpProtocol.HTTP_1_1, 1, null,
            List.of(new RequestSpec("get", 3, "GET", "/a", Map.of(), null),
                    new RequestSpec("post", 1, "POST", "/b", Map.of(), "{}")), Map.of(), 7);

    /** Two loops' own stats (warm-up, measured) and each name's children of them. */
    private final List<PhaseStats> warmup = List.of(new PhaseStats(false, false), new PhaseStats(false, false));
    private final List<PhaseStats> measured = List.of(new PhaseStats(false, false), new PhaseStats(false, false));
    private final RunStats totals = new RunStats(warmup, measured, clock, SECOND);
    /** [name][loop] */
    private final List<List<PhaseStats>> warmupByName = List.of(children(warmup), children(warmup));
    private final List<List<PhaseStats>> measuredByName = List.of(children(measured), children(measured));
    private final List<RunStats> byName = List.of(
            new RunStats(warmupByName.get(0), measuredByName.get(0), clock, SECOND),
            new RunStats(warmupByName.get(1), measuredByName.get(1), clock, SECOND));

    private static List<PhaseStats> children(List<PhaseStats> loops) {
        return loops.stream().map(PhaseStats::child).toList();
    }

    private static void answer(PhaseStats s, long latencyNanos, Counter status) {
        s.increment(Counter.SENT);
        s.increment(Counter.COMPLETED);
        s.add(Counter.BYTES_SENT, 40);
        s.add(Counter.BYTES_RECEIVED, 200);
        if (status != null) {
            s.increment(status);
        }
        s.recordLatency(latencyNanos);
    }

    @Test
    void eachNameIsCountedAsTheTotalsAreAndTheyAddUp() {
        totals.openIntervals(0, 10);
        byName.forEach(s -> s.openIntervals(0, 10));
        answer(warmupByName.get(0).get(0), 1_000_000, null); // warm-up: apart from every measured figure
        for (int i = 0; i < 30; i++) {
            answer(measuredByName.get(0).get(i % 2), 100_000 + i * 1_000L, null);
        }
        answer(measuredByName.get(1).get(1), 5_000_000, Counter.STATUS_5XX);
        closeSecond(0);
        for (int i = 0; i < 9; i++) {
            answer(measuredByName.get(1).get(i % 2), 2_000_000, null);
        }
        measuredByName.get(1).get(0).increment(Counter.TIMEOUTS); // a request that was never answered
        measured.get(0).increment(Counter.CONNECT_ERRORS); // a connection's own failure: the totals' alone
        closeSecond(1);
        totals.finishIntervals();
        byName.forEach(RunStats::finishIntervals);

        long measuredNanos = 2 * SECOND;
        List<RequestReport> mix = HttpReports.mix(spec, byName, measuredNanos);
        HttpReport report = HttpReports.of(spec, totals, measuredNanos, new ConnectionCounts(2, 2, 0, null)).withMix(mix);

        RequestReport get = mix.get(0);
        RequestReport post = mix.get(1);
        assertEquals(List.of("get", "post"), mix.stream().map(RequestReport::name).toList());
        assertEquals(List.of(3, 1), mix.stream().map(RequestReport::weight).toList());
        assertEquals(30, get.requests());
        assertEquals(15.0, get.requestsPerSecond(), 1e-9);
        assertEquals(1, get.warmupRequests());
        assertEquals(10, post.requests());
        assertEquals(1, post.errors().status5xx());
        assertEquals(1, post.errors().timeout());
        assertEquals(0, get.errors().total());
        assertEquals(1, report.errors().connect(), "a connection's failure is the totals' alone");
        assertEquals(report.requests(), get.requests() + post.requests());
        assertEquals(report.warmupRequests(), get.warmupRequests() + post.warmupRequests());
        assertEquals(report.bytesSent(), get.bytesSent() + post.bytesSent());
        assertEquals(report.bytesReceived(), get.bytesReceived() + post.bytesReceived());
        assertEquals(report.achievedRate() * 2, get.sent() + post.sent(), 1e-9);
        assertEquals(report.errors().total() - report.errors().connect(), get.errors().total() + post.errors().total());
        assertEquals(report.latencyMicros().count(), get.latencyMicros().count() + post.latencyMicros().count());
        assertEquals(5_000.0, post.latencyMicros().max(), 5.0);
        assertEquals(129.0, get.latencyMicros().max(), 0.2);

        // The histogram is the exact one: decoding it gives the name's count and maximum back.
        assertEquals(10, HistogramCodec.decode(post.latencyHistogram()).getTotalCount());
        assertEquals(30, HistogramCodec.decode(get.latencyHistogram()).getTotalCount());

        // The series: a point per second, each name's points adding up to the totals' points.
        assertEquals(2, get.series().points().size());
        assertEquals(List.of(30L, 0L), get.series().points().stream().map(SeriesPoint::requests).toList());
        assertEquals(List.of(1L, 9L), post.series().points().stream().map(SeriesPoint::requests).toList());
        assertEquals(List.of(1L, 1L), post.series().points().stream().map(SeriesPoint::errors).toList());
        for (int k = 0; k < 2; k++) {
            assertEquals(report.series().points().get(k).requests(),
                    get.series().points().get(k).requests() + post.series().points().get(k).requests());
        }
        assertEquals(report.mix(), mix);
    }

    @Test
    void aNameThatSentNothingHasNoHistogramAndZeros() {
        List<RequestReport> mix = HttpReports.mix(spec, byName, 2 * SECOND);

        assertNull(mix.get(0).latencyHistogram(), "nothing measured: null, never an empty encoding");
        assertEquals(0, mix.get(1).requests());
        assertEquals(0, mix.get(1).latencyMicros().count());
        assertEquals(0, mix.get(1).series().points().size(), "no ticker: no series");
    }

    @Test
    void statsForAnotherNumberOfNamesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> HttpReports.mix(spec, List.of(byName.get(0)), SECOND));
    }

    private void closeSecond(long index) {
        clock.advance(SECOND);
        totals.closeInterval(index);
        byName.forEach(s -> s.closeInterval(index));
    }
}
