package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.http.RequestReport;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.LatencySummary;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * Builds the {@link MergedReport} from what each agent delivered. Failed agents keep their place and their
 * figures up to the failure; the report is then {@code partial} and its {@code failure} names them.
 */
public final class MergedReportBuilder {

    private static final double NANOS_PER_SECOND = 1e9;

    private final long measureStartNanos;
    private final long measureEndNanos;
    private final Counter requestsCounter;
    private final List<AgentDelivery> deliveries = new ArrayList<>();

    /**
     * @param warmup          the spec's warm-up: intervals count from the run's start, the measured part from here
     * @param duration        the spec's measured duration
     * @param requestsCounter what {@code requests} counts: {@link Counter#COMPLETED} for HTTP, what the kind's
     *                        local report counts otherwise
     */
    public MergedReportBuilder(Duration warmup, Duration duration, Counter requestsCounter) {
        this.measureStartNanos = warmup.toNanos();
        this.measureEndNanos = Math.addExact(measureStartNanos, duration.toNanos());
        this.requestsCounter = requestsCounter;
    }

    public MergedReportBuilder agent(AgentDelivery delivery) {
        deliveries.add(delivery);
        return this;
    }

    public MergedReport build() {
        PhaseTotals warmup = new PhaseTotals();
        PhaseTotals measured = new PhaseTotals();
        List<AgentSummary> agents = new ArrayList<>();
        StringJoiner failures = new StringJoiner("; ");
        boolean partial = false;
        double longestSeconds = 0;
        List<List<RequestReport>> mixes = new ArrayList<>();
        for (AgentDelivery d : deliveries) {
            PhaseSums own = IntervalMerge.total(d.intervals());
            warmup.add(own.warmup());
            measured.add(own.measured());
            double seconds = measuredSeconds(d.intervals());
            longestSeconds = Math.max(longestSeconds, seconds);
            long requests = own.measured().count(requestsCounter);
            agents.add(new AgentSummary(d.name(), d.address(), requests, seconds > 0 ? requests / seconds : 0,
                    own.measured().errors(), LatencyMicros.of(own.measured().latency()), d.saturation(),
                    d.startSkewMicros(), d.failure()));
            if (d.failure() != null) {
                failures.add("agent " + d.name() + " (" + d.address() + ") failed: " + d.failure());
            }
            partial |= d.failure() != null || !d.complete();
            mixes.add(d.mix().names());
        }
        long requests = measured.count(requestsCounter);
        return new MergedReport(requests, warmup.count(requestsCounter),
                longestSeconds > 0 ? requests / longestSeconds : 0, measured.errors(), measured.counts(),
                LatencySummary.ofNanos(measured.latency()), HistogramCodec.encode(measured.latency()), agents,
                partial, failures.length() == 0 ? null : failures.toString(), new MixFigures(MixMerge.merge(mixes, longestSeconds)),
                warmup.counts(), longestSeconds);
    }

    /** The part of the measured window the agent's intervals cover, in seconds. */
    private double measuredSeconds(List<IntervalSample> intervals) {
        long covered = 0;
        for (IntervalSample s : intervals) {
            long from = Math.max(s.startNanos(), measureStartNanos);
            long to = Math.min(s.endNanos(), measureEndNanos);
            covered += Math.max(0, to - from);
        }
        return covered / NANOS_PER_SECOND;
    }
}
