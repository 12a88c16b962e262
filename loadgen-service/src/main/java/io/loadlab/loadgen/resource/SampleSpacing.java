package io.loadlab.loadgen.resource;

import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.Violation;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * How far apart Prometheus stores the samples the {@code cpu} figure rests on, judged against a cell's length
 * before any load. The scrape interval alone is not it: with {@code honor_timestamps: true} (a cluster's kubelet
 * job) Prometheus keeps cAdvisor's own timestamps, and the recorded kubelet 1.20.2 refreshed a container every
 * 13.5–18.4 s under a 10 s scrape; a repeated timestamp stores nothing. A {@code rate()} over a cell holding fewer
 * than two samples gives no series, so the verdict would be {@code unknown} after the load was spent.
 *
 * @param spacing the larger of the stored spacing and the scrape interval; null when neither could be read
 * @param stored  the stored spacing, when it was measured and is wider than the scrape's own jitter; else null
 * @param series  the series measured, for the message; null when none was
 * @param scrape  the scrape interval as read from the targets
 * @param note    why the stored spacing was not measured, for a warning; null when it was (or needs no saying)
 */
record SampleSpacing(Duration spacing, Duration stored, String series, ScrapeInterval scrape, String note) {

    /** Fewer than two samples in a cell and rate() has nothing: the check refuses. */
    static final int MIN_SAMPLES = 2;
    /** A rate over fewer rests on two or three samples; four leaves three intervals. */
    static final int STEADY_SAMPLES = 4;
    /**
     * The gap taken as the spacing: the 90th percentile, not the largest. The recorded kubelet's 5 gaps
     * (13.5–18.4 s) give 18.4 s, so a cell of two spacings, 36.8 s, holds two samples wherever it falls; over 5 min
     * (~18 gaps) it is the second largest; at a 1 s scrape one missed scrape in 300 (a 2 s gap on a busy machine)
     * does not double the spacing.
     */
    static final double QUANTILE = 0.9;
    /**
     * Samples whose mean gap is up to 1.1 scrape intervals are stored as often as scraped: the rest is the scrape's
     * own jitter (a scrape late on a loaded machine is followed by one early, so jitter moves single gaps, not the
     * mean) or a rare missed scrape; the sparsest exporter found is 1.35 (cAdvisor's 13.5 s under a 10 s scrape,
     * 15 s on average). The mean decides whether the exporter is sparse, the 90th percentile how sparse.
     */
    static final double JITTER = 1.1;

    /** The spacing of the samples {@code cpuQuery} (rendered) reads: each range selector's, the widest. */
    static SampleSpacing measure(PrometheusApi api, String cpuQuery, ScrapeInterval scrape, Instant now) {
        Duration lookBack = PrometheusSource.CHECK_RANGE;
        List<String> selectors = cpuQuery == null ? List.of() : RangeSelectors.of(cpuQuery);
        Duration widest = null;
        boolean sparse = false;
        String series = null;
        String note = selectors.isEmpty() ? "the cpu query " + Series.bounded(String.valueOf(cpuQuery)) + " reads no range selector" : null;
        for (String s : selectors) {
            StoredSamples samples = api.storedSamples(s, now, lookBack);
            Duration gap = gap(samples.millis());
            if (gap == null) {
                note = samples.failure() != null ? samples.failure().message()
                        : Series.bounded(s) + " has fewer than 2 samples in the last " + PrometheusApi.seconds(lookBack);
                widest = null;
                break;
            }
            boolean thisSparse = scrape.interval() == null || mean(samples.millis()) > scrape.interval().toMillis() * JITTER;
            if (thisSparse && (widest == null || gap.compareTo(widest) > 0)) {
                widest = gap;
                series = samples.series();
            }
            sparse |= thisSparse;
        }
        Duration interval = scrape.interval();
        sparse &= widest != null;
        Duration spacing = !sparse ? interval : interval == null || widest.compareTo(interval) > 0 ? widest : interval;
        return new SampleSpacing(spacing, sparse ? widest : null, series, scrape,
                note == null ? null : "spacing of the stored samples not measured (" + note + "): judged from the scrape interval alone");
    }

    /** The mean gap between consecutive {@code millis} in ms, at least two. */
    static double mean(List<Long> millis) {
        return (double) (millis.get(millis.size() - 1) - millis.get(0)) / (millis.size() - 1);
    }

    /** The {@link #QUANTILE} gap between consecutive {@code millis}; null with fewer than two. */
    static Duration gap(List<Long> millis) {
        if (millis.size() < 2) {
            return null;
        }
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < millis.size(); i++) {
            gaps.add(millis.get(i) - millis.get(i - 1));
        }
        gaps.sort(null);
        return Duration.ofMillis(gaps.get((int) Math.ceil(QUANTILE * gaps.size()) - 1));
    }

    /**
     * Warnings for a cell of {@code cell}: fewer than {@link #STEADY_SAMPLES} samples, the spacing unmeasured.
     *
     * @throws InvalidSpecException on {@code durationField} when a cell would hold fewer than {@link #MIN_SAMPLES}
     */
    List<String> judge(String field, String durationField, Duration cell) {
        List<String> warnings = new ArrayList<>();
        if (note != null) {
            warnings.add(note);
        }
        if (spacing == null) {
            warnings.add("scrape interval unknown (" + scrape.failure() + "): a cell should span at least " + STEADY_SAMPLES + " scrapes");
            return warnings;
        }
        String steady = PrometheusApi.seconds(spacing.multipliedBy(STEADY_SAMPLES));
        if (stored != null && cell.compareTo(spacing.multipliedBy(MIN_SAMPLES)) < 0) {
            throw new InvalidSpecException(List.of(new Violation(durationField, field + ": a cell of " + PrometheusApi.seconds(cell)
                    + " holds fewer than " + MIN_SAMPLES + " samples of " + series + ", stored " + apart()
                    + ": rate() would give no cpu figure and every verdict would be unknown; cells of at least "
                    + PrometheusApi.seconds(spacing.multipliedBy(MIN_SAMPLES)) + " can work, " + steady + " give a steady figure")));
        }
        if (cell.compareTo(spacing.multipliedBy(STEADY_SAMPLES)) >= 0) {
            return warnings;
        }
        if (stored != null) {
            warnings.add("a cell of " + PrometheusApi.seconds(cell) + " spans fewer than " + STEADY_SAMPLES + " samples of " + series
                    + ", stored " + apart() + ": each rate rests on few samples; make cells at least " + steady);
        } else {
            warnings.add("a cell of " + PrometheusApi.seconds(cell) + " spans fewer than " + STEADY_SAMPLES + " scrapes of "
                    + PrometheusApi.seconds(spacing) + (scrape.matched() ? " (the matched target's)" : " (the longest of Prometheus's targets)")
                    + ": each rate rests on few samples; make cells at least " + steady + " or scrape more often");
        }
        return warnings;
    }

    /** {@code 15 s apart (90th percentile of the gaps) although scraped every 10 s}. */
    private String apart() {
        return PrometheusApi.seconds(stored) + " apart (90th percentile of the gaps over the last " + PrometheusApi.seconds(PrometheusSource.CHECK_RANGE) + ")"
                + (scrape.interval() == null ? "" : " although scraped every " + PrometheusApi.seconds(scrape.interval())
                + ": the exporter stamps its own samples (honor_timestamps) and refreshes them less often");
    }
}
