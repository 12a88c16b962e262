package io.loadlab.loadgen.iperf;

import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.run.CellFigures;
import io.loadlab.loadgen.run.GateFigures;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.PartsMerger;
import io.loadlab.loadgen.run.ReportTable;
import io.loadlab.loadgen.run.RunKind;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * iperf runs as the rest of the loadgen sees them: iperf3's text, the byte meters, and, for an experiment that
 * measures its link with one, the bytes the client received (a {@code down} run's figure of capacity).
 */
@Singleton
public class IperfKind extends RunKind<IperfSpec, IperfReport> {

    private final IperfMeters meters;
    private final IperfSpecReader reader;
    private final IperfDriver driver;

    /** A kind that reads and counts but starts no run (tests of its figures). */
    public IperfKind(IperfMeters meters, LimitsConfig limits, IperfLimits iperf) {
        this(meters, limits, iperf, null);
    }

    @Inject
    IperfKind(IperfMeters meters, LimitsConfig limits, IperfLimits iperf, IperfDriver driver) {
        super(IperfSpec.KIND, IperfSpec.class, IperfReport.class);
        this.meters = meters;
        this.reader = new IperfSpecReader(limits, iperf);
        this.driver = driver;
    }

    /** @throws IllegalStateException for a kind built by hand without a driver (a figures' test) */
    @Override
    protected LoadRun start(IperfSpec spec) {
        if (driver == null) {
            throw new IllegalStateException("this iperf kind was built without a driver");
        }
        return driver.start(spec);
    }

    /** Each agent runs its own iperf3 test against the same server; their reports sum as iperf3 sums streams. */
    @Override
    public boolean splits() {
        return true;
    }

    @Override
    protected List<IperfSpec> split(IperfSpec spec, int n) {
        return IperfSplit.split(spec, n);
    }

    /** The agents' reports combined as iperf3 sums its streams ({@link IperfMerge}). */
    @Override
    protected PartsMerger merger(IperfSpec spec) {
        return (parts, merged) -> IperfMerge.merge(spec, own(parts)).map(RunReport.class::cast);
    }

    @Override
    public IperfSpec read(JsonFields fields) {
        return reader.read(fields);
    }

    @Override
    public Optional<String> textLayout() {
        return Optional.of("iperf3");
    }

    @Override
    protected Optional<String> text(IperfSpec spec, IperfReport report, String histogram) {
        return Optional.of(IperfTextReport.render(report));
    }

    /** Its directions' sums, both ends' CPU and each direction's per-second intervals, for the run page. */
    @Override
    protected List<ReportTable> tables(IperfSpec spec, IperfReport report) {
        return IperfTables.of(report);
    }

    @Override
    protected void count(IperfSpec spec, IperfReport report) {
        meters.count(report);
    }

    /**
     * The down direction's bytes received within its measured seconds, summed from its one-second intervals, over
     * those seconds: what iperf3's own receiver counts by its end. Not the report's received bytes, which also
     * hold what was still queued at the end and read while draining: through a 100 Mbit/s tbf that read 99.2
     * Mbit/s against the stock client's 94.7. A run with no whole second falls back to those. A test that only
     * sends (up) is read from what the server received over the measured seconds. No requests, no latency.
     */
    @Override
    protected Optional<CellFigures> figures(IperfReport r) {
        DirectionReport down = r.directions().stream().filter(d -> d.direction().equals("down")).findFirst().orElse(null);
        double seconds = r.directions().isEmpty() ? 0 : r.directions().get(0).sum().seconds();
        long received = down == null ? r.directions().stream().mapToLong(d -> d.sum().receivedBytes()).max().orElse(0)
                : down.sum().receivedBytes();
        if (down != null && !down.intervals().isEmpty()) {
            List<IntervalFigures> intervals = down.intervals();
            seconds = intervals.get(intervals.size() - 1).end() - intervals.get(0).start();
            received = intervals.stream().mapToLong(IntervalFigures::bytes).sum();
        }
        return Optional.of(new CellFigures(seconds, received, 0, null, r.error() == null ? 0 : 1, 0, 0, 0));
    }

    @Override
    public boolean drivesCells() {
        return true;
    }

    /** Per direction ({@code up}: this end sends; {@code down}: the server sends), as iperf3's receiver line. */
    private static final Set<String> GATE = Stream.of("up", "down")
            .flatMap(d -> Stream.of("bitsPerSecond", "jitterMillis", "lossPercent", "retransmits").map(f -> d + "." + f))
            .collect(Collectors.toUnmodifiableSet());

    @Override
    public Set<String> gateFigureNames() {
        return GATE;
    }

    /** Jitter and loss are UDP's, retransmits the server's own count: absent where iperf3 does not give them. */
    @Override
    protected Map<String, Double> gateFigures(IperfSpec spec, IperfReport r) {
        GateFigures f = new GateFigures();
        for (DirectionReport d : r.directions()) {
            StreamFigures sum = d.sum();
            f.put(d.direction() + ".bitsPerSecond", sum.bitsPerSecond()).put(d.direction() + ".jitterMillis", sum.jitterMillis())
                    .put(d.direction() + ".lossPercent", sum.lossPercent()).put(d.direction() + ".retransmits", sum.retransmits());
        }
        return f.map();
    }
}
