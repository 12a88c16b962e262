package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.run.GateFigures;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.PartsMerger;
import io.loadlab.loadgen.run.RunKind;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the three UDP kinds' descriptors share: the shared JSON fields under the configured limits, the run they start
 * ({@link UdpRunDriver}), and the message meters their reports add to. Each kind adds its own fields, its text and what it counts.
 */
public abstract class UdpKind<S extends UdpRunSpec, R extends RunReport> extends RunKind<S, R> {

    /** What every UDP kind's thresholds may name: messages sent, their rate, and send or receive errors. */
    protected static final Set<String> MESSAGES = Set.of("messages", "messagesPerSecond", "errors");
    /** A kind that sends a bitrate: its rates, and loss when the reflector's count was read. */
    protected static final Set<String> BITRATE = Set.of("megabitsPerSecond", "megabytesPerSecond", "lost", "lossPercent");
    /** A kind that measures round trips: one-way latency (RTT/2, as sockperf) and the round trips themselves. */
    protected static final Set<String> LATENCY = Stream.concat(GateFigures.LATENCY.stream(),
            Stream.of("rttP50Millis", "rttP90Millis", "rttP99Millis", "rttP999Millis", "rttMaxMillis", "rttMeanMillis",
                    "dropped")).collect(Collectors.toUnmodifiableSet());

    private final UdpMessageMeters meters;
    private final LimitsConfig limits;
    private final Function<UdpFigures, RunReport> report;
    private UdpRunDriver driver;

    /** @param report this kind's report, from the figures every UDP run measures */
    protected UdpKind(String name, Class<S> specType, Class<R> reportType, Function<UdpFigures, R> report,
                      UdpMessageMeters meters, LimitsConfig limits) {
        super(name, specType, reportType);
        this.meters = meters;
        this.limits = limits;
        this.report = report::apply;
    }

    /** Method injection, so the three kinds' constructors need not name the package's own driver. */
    @Inject
    void driver(UdpRunDriver driver) {
        this.driver = driver;
    }

    /** @throws IllegalStateException for a kind built by hand (a figures' test): it starts no run */
    @Override
    protected final LoadRun start(S spec) {
        if (driver == null) {
            throw new IllegalStateException("this " + spec.kind() + " kind was built without a driver");
        }
        return driver.start(spec, report);
    }

    /**
     * A UDP run spreads over agents: each sends its share of the messages to the same reflector, and the merge is
     * exact (counters summed, round trips' histograms added, received read from the reflector once: {@link UdpMerger}).
     */
    @Override
    public boolean splits() {
        return true;
    }

    /**
     * The rate (a bitrate was converted to it when read) divided exactly ({@link UdpSplit}); everything else copied
     * but {@code targetMetrics}, which no part keeps: each agent reading the reflector's count would count every
     * agent's messages, so the controller reads it once around the whole run ({@link #merger}).
     */
    @Override
    protected final List<S> split(S spec, int n) {
        List<S> parts = new ArrayList<>(n);
        for (double rate : UdpSplit.rates(spec.rate(), n)) {
            parts.add(part(spec, rate));
        }
        return parts;
    }

    /** {@code spec} at {@code rate} messages per second, without targetMetrics: one agent's part. */
    protected abstract S part(S spec, double rate);

    /** What the agents' intervals sum as the count: messages sent, as a local UDP run's series counts them. */
    @Override
    public Counter mergedCount() {
        return Counter.SENT;
    }

    /** The kind's own report of a distributed run, as a local run of the whole spec makes it ({@link UdpMerger}). */
    @Override
    protected final PartsMerger merger(S spec) {
        if (driver == null) {
            throw new IllegalStateException("this " + spec.kind() + " kind was built without a driver");
        }
        return driver.merger(spec, report);
    }

    /** Messages per second over all agents; empty for flat out. */
    @Override
    protected OptionalDouble rate(S spec) {
        return spec.rate() > 0 ? OptionalDouble.of(spec.rate()) : OptionalDouble.empty();
    }

    /** A UDP run counts messages sent. */
    @Override
    public String countNoun() {
        return "messages";
    }

    @Override
    public Optional<String> textLayout() {
        return Optional.of("sockperf");
    }

    /** @param bitrateAllowed whether the kind takes {@code bitrate} (a ping-pong's rate caps pings: it does not) */
    protected UdpSpecFields fields(JsonFields f, boolean bitrateAllowed) {
        return UdpSpecFields.read(f, limits, bitrateAllowed);
    }

    /** The names of {@code sets}, for {@link #gateFigureNames}. */
    @SafeVarargs
    protected static Set<String> union(Set<String>... sets) {
        return Stream.of(sets).flatMap(Set::stream).collect(Collectors.toUnmodifiableSet());
    }

    /** {@link #LATENCY}'s figures of a run that measured round trips. */
    protected static GateFigures latency(GateFigures f, LatencySummary oneWay, LatencySummary rtt, long dropped) {
        return f.latency(oneWay).latency("rtt", rtt).put("dropped", dropped);
    }

    protected UdpMessageMeters meters() {
        return meters;
    }
}
