package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.run.MergedParts;
import io.loadlab.loadgen.run.PartsMerger;
import io.loadlab.loadgen.scrape.Scraper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A UDP kind's merge of a distributed run: its own report of the whole, as a local run of the whole spec would have
 * made it. Messages, pongs, drops, duplicates and reorders are the agents' counters summed, the round trips read from
 * the merged histogram (never a percentile averaged); with {@code targetMetrics}, the reflector's own count is read
 * once before any part starts and once after all ended, here on the controller (each agent reading it would count
 * every agent's messages), so {@code received} is the reflector's and {@code lost = sent - received} over every agent.
 */
final class UdpMerger implements PartsMerger {

    private final UdpRunSpec spec;
    private final Function<UdpFigures, RunReport> report;
    /** Read before the parts start; null without targetMetrics. */
    private final TargetCounters counters;

    private UdpMerger(UdpRunSpec spec, Function<UdpFigures, RunReport> report, TargetCounters counters) {
        this.spec = spec;
        this.report = report;
        this.counters = counters;
    }

    /**
     * Reads the reflector's count now, when {@code spec} names targetMetrics.
     *
     * @param spec the whole spec, before its split
     * @throws UncheckedIOException when the count cannot be read: the run is refused before any part starts, as a
     *                              local run with unreadable targetMetrics fails to start
     */
    static UdpMerger begin(UdpRunSpec spec, Scraper scraper, Function<UdpFigures, RunReport> report) {
        try {
            return new UdpMerger(spec, report,
                    spec.targetMetrics() == null ? null : TargetCounters.before(spec.targetMetrics(), scraper));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read targetMetrics " + spec.targetMetrics() + ": " + e.getMessage(), e);
        }
    }

    /** Reads the reflector's count again (once it settles) and builds the kind's report of the whole run. */
    @Override
    public Optional<RunReport> merge(List<RunReport> parts, MergedParts merged) {
        TargetCounters.Delta arrived = counters == null ? null : counters.delta();
        return Optional.of(report.apply(UdpReports.merged(spec, merged, arrived, UdpSeriesSum.of(parts))));
    }
}
