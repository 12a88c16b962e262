package io.loadlab.loadgen.resource;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.Violation;
import io.loadlab.testsupport.Prometheus;
import io.loadlab.testsupport.RecordedExposition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The check judges the samples Prometheus stores, not only its scrape interval: a real Prometheus scrapes a
 * {@link SparseExporter} every 1 s with {@code honor_timestamps: true} and stores its samples 3 s apart, as a
 * cluster's Prometheus stores cAdvisor's. One Prometheus for the class.
 */
class SampleSpacingTest {

    private static final String FIELD = "targets[0].resources";
    private static final String SERIES = "process_cpu_seconds_total{job=\"sparse\"}";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @TempDir
    static Path work;
    private static SparseExporter exporter;
    private static Prometheus prometheus;

    @BeforeAll
    static void start() throws Exception {
        exporter = new SparseExporter(Duration.ofSeconds(3));
        Path config = Files.writeString(work.resolve("prometheus.yml"), """
                global:
                  scrape_interval: 1s
                scrape_configs:
                  - job_name: sparse
                    honor_timestamps: true
                    static_configs: [{targets: ["%s"]}]
                """.formatted(exporter.hostPort()));
        prometheus = Prometheus.start(config, work);
        // four stored samples, three gaps: ~9 to 12 s after the first scrape
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (stored() < 4) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Prometheus had not stored 4 samples of the sparse exporter within 30 s: " + prometheus.logTail());
            }
            Thread.sleep(250);
        }
    }

    @AfterAll
    static void stop() {
        if (prometheus != null) {
            prometheus.close();
        }
        if (exporter != null) {
            exporter.close();
        }
    }

    private static int stored() throws Exception {
        String q = URLEncoder.encode("count_over_time(" + SERIES + "[1m])", StandardCharsets.UTF_8);
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(prometheus.base() + "/api/v1/query?query=" + q))
                .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
        var result = new ObjectMapper().readTree(r.body()).path("data").path("result");
        return result.isEmpty() ? 0 : Integer.parseInt(result.path(0).path("value").path(1).asText());
    }

    private static PrometheusSource source(String preset, Map<String, String> match, Map<String, String> queries) {
        return new PrometheusSource(new ResourceSpec("prometheus", URI.create(prometheus.base()), preset, match, null, null, queries,
                Duration.ofSeconds(2)), HTTP, Clock.systemUTC(), Duration.ZERO);
    }

    private static PrometheusSource process() {
        return source("process", Map.of("job", "sparse"), null);
    }

    @Test
    void gapIsTheNinetiethPercentileSoOneMissedScrapeDoesNotDoubleIt() {
        assertNull(SampleSpacing.gap(List.of(5L)));
        assertEquals(Duration.ofMillis(18_400), SampleSpacing.gap(List.of(0L, 13_500L, 31_900L)));
        List<Long> oneMissed = new java.util.ArrayList<>();
        for (long t = 0; t <= 20_000; t += 1000) {
            if (t != 7000) {
                oneMissed.add(t);
            }
        }
        assertEquals(Duration.ofSeconds(1), SampleSpacing.gap(oneMissed), "19 gaps of 1 s and one of 2 s");
    }

    @Test
    void theRecordedKubeletsCadvisorStampsAreSparseAndSpaced18Point4Seconds() throws Exception {
        // captures.tsv: the stamp cAdvisor put on the target container's samples in each 10 s capture; a repeated
        // stamp is one Prometheus stores nothing for (honor_timestamps), so the stored samples are the distinct ones
        List<Long> stamps = Files.readAllLines(RecordedExposition.fixtures().resolve("kubelet-1.20.2/captures.tsv")).stream().skip(1)
                .map(l -> Long.parseLong(l.split("\t")[4])).distinct().toList();
        assertEquals(6, stamps.size(), "9 captures, 6 distinct stamps: " + stamps);
        assertEquals(Duration.ofMillis(18_410), SampleSpacing.gap(stamps), "gaps 13.487, 15.510, 18.410, 18.169, 15.681 s");
        assertEquals(16_251.4, SampleSpacing.mean(stamps), 1e-9);
        assertTrue(SampleSpacing.mean(stamps) > 10_000 * SampleSpacing.JITTER, "sparse under the 10 s scrape");
    }

    @Test
    void jitterMovesSingleGapsNotTheMeanThatDecidesWhetherAnExporterIsSparse() {
        List<Long> late = List.of(0L, 1150L, 2000L, 3150L, 4000L, 5150L, 6000L);
        assertEquals(Duration.ofMillis(1150), SampleSpacing.gap(late), "every other scrape 150 ms late");
        assertEquals(1000.0, SampleSpacing.mean(late), 1e-9);
        assertTrue(SampleSpacing.mean(late) <= 1000 * SampleSpacing.JITTER, "a 1 s scrape stays 1 s: a 2 s cell is not refused");
        assertTrue(SampleSpacing.mean(List.of(0L, 13_500L, 31_900L)) > 10_000 * SampleSpacing.JITTER, "cAdvisor under a 10 s scrape is sparse");
    }

    @Test
    void aCellShorterThanTwoStoredSpacingsIsRefusedOnDuration() {
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> process().check(FIELD, Duration.ofSeconds(5)));
        assertEquals(1, e.violations().size(), e.getMessage());
        Violation v = e.violations().get(0);
        assertEquals("duration", v.field());
        assertTrue(v.message().startsWith(FIELD + ": a cell of 5 s holds fewer than 2 samples of {__name__=\"process_cpu_seconds_total\",instance=\""
                + exporter.hostPort() + "\",job=\"sparse\"}, stored 3 s apart (90th percentile of the gaps over the last 300 s) although scraped every 1 s"), v.message());
        assertTrue(v.message().endsWith("cells of at least 6 s can work, 12 s give a steady figure"), v.message());
    }

    @Test
    void theRefusedCellWouldHaveHadNoCpuFigureAndTwoSpacingsHaveOne() {
        Instant end = Instant.now().minusMillis(2500); // a stamp before it has had two 1 s scrapes to be stored
        ResourceFigures tooShort = process().open().close(end.minusSeconds(2), end);
        assertNull(tooShort.cpuCores(), "a 2 s window holds at most one sample 3 s apart");
        assertTrue(tooShort.unmeasured().get("cpu").endsWith("matched no series"), tooShort.unmeasured().toString());
        ResourceFigures twoSpacings = process().open().close(end.minusSeconds(6), end);
        assertNotNull(twoSpacings.cpuCores(), twoSpacings.unmeasured().toString());
        assertEquals(0.5, twoSpacings.cpuCores(), 1e-9, "the counter grows 0.5 s per second of its stamps");
    }

    @Test
    void betweenTwoAndFourSpacingsWarnsWithTheStoredSpacing() {
        List<String> warnings = process().check(FIELD, Duration.ofSeconds(8));
        assertEquals(5, warnings.size(), warnings.toString());
        assertTrue(warnings.stream().filter(w -> w.contains("the process preset cannot give it")).count() == 4, warnings.toString());
        assertTrue(warnings.get(4).startsWith("a cell of 8 s spans fewer than 4 samples of {__name__=\"process_cpu_seconds_total\""), warnings.get(4));
        assertTrue(warnings.get(4).contains("stored 3 s apart") && warnings.get(4).endsWith("make cells at least 12 s"), warnings.get(4));
    }

    @Test
    void fourSpacingsAreClean() {
        List<String> warnings = process().check(FIELD, Duration.ofSeconds(12));
        assertEquals(4, warnings.size(), warnings.toString());
        assertTrue(warnings.stream().allMatch(w -> w.contains("the process preset cannot give it")), warnings.toString());
    }

    @Test
    void aCustomQueryIsMeasuredWhereItReadsARangeAndFallsBackToTheScrapeIntervalWhereNot() {
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> source("custom", null,
                Map.of("cpu", "sum(rate(" + SERIES + "[$__range]))")).check(FIELD, Duration.ofSeconds(5)));
        assertEquals("duration", e.violations().get(0).field());

        List<String> warnings = source("custom", null, Map.of("cpu", SERIES + " * 0 + 1")).check(FIELD, Duration.ofSeconds(5));
        assertTrue(warnings.contains("spacing of the stored samples not measured (the cpu query " + SERIES
                + " * 0 + 1 reads no range selector): judged from the scrape interval alone"), warnings.toString());
        assertTrue(warnings.stream().noneMatch(w -> w.contains("spans fewer than")), "5 s spans 5 scrapes of 1 s: " + warnings);
    }
}
