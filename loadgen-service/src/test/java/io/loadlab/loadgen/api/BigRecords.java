package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.http.HttpErrors;
import io.loadlab.loadgen.http.HttpReport;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.report.SeriesPoint;
import io.loadlab.loadgen.run.RunJson;
import io.loadlab.loadgen.run.KindTypes;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.RunState;

import org.HdrHistogram.Histogram;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finished HTTP run records as heavy as an hour's run leaves them (a per-second series of 3600 points, about 400 KB
 * of JSON), carrying a secret in a header and in the body: what a reader must not be handed whole.
 */
public final class BigRecords {

    public static final String SECRET_HEADER = "Bearer target-secret-4711";
    public static final String SECRET_BODY = "{\"password\":\"hunter2-secret\"}";
    static final int SECONDS = 3600;

    private BigRecords() {
    }

    public static ObjectMapper mapper() {
        return RunJson.configure(new ObjectMapper(), List.of(new KindTypes(HttpRunSpec.KIND, HttpRunSpec.class, HttpReport.class)));
    }

    public static HttpRunSpec spec() {
        return new HttpRunSpec(URI.create("http://127.0.0.1:9/api"), "POST",
                Map.of("Authorization", SECRET_HEADER, "Content-Type", "application/json"), SECRET_BODY, 4, 1,
                Duration.ofSeconds(SECONDS), Duration.ZERO, 100, true, Duration.ofSeconds(2));
    }

    /** A finished run {@code id} with a full hour's series and a real histogram. */
    public static RunRecord record(String id, Instant at) {
        List<SeriesPoint> points = new ArrayList<>(SECONDS);
        for (int s = 0; s < SECONDS; s++) {
            points.add(new SeriesPoint(s, 100, 0, 812.5 + s, 15_900.25 + s, 31_999.75 + s, null));
        }
        LatencySummary l = new LatencySummary(900, 200, 100, 500, 812, 1000, 2000, 15_900, 30_000, 31_000, 32_000,
                32_000, 100L * SECONDS);
        HttpReport report = new HttpReport(100L * SECONDS, SECONDS, 100, 1_000_000, 500_000,
                new HttpErrors(0, 0, 0, 0, 0, 0), l, l, null, 4, 100, 100, 0, null, new RunSeries(points));
        return RunRecord.queued(id, spec(), at).running(at)
                .finished(RunState.COMPLETED, at.plusSeconds(SECONDS), report, histogram(), null);
    }

    static String histogram() {
        Histogram h = new Histogram(3);
        for (long v = 100_000; v < 40_000_000; v += 7_919) {
            h.recordValue(v);
        }
        return HistogramCodec.encode(h);
    }

    /** Writes {@code count} such records as the store keeps them ({@code <id>.json}); returns their total bytes. */
    public static long write(Path dir, int count) throws Exception {
        Files.createDirectories(dir);
        ObjectMapper json = mapper();
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        long bytes = 0;
        for (int i = 0; i < count; i++) {
            String id = String.format("20260101-000000-%03d-%03d", i / 1000, i % 1000);
            byte[] b = json.writeValueAsBytes(record(id, t0.plusSeconds(i)));
            Files.write(dir.resolve(id + ".json"), b);
            bytes += b.length;
        }
        return bytes;
    }
}
