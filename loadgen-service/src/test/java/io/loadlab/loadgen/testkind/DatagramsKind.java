package io.loadlab.loadgen.testkind;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.Split;
import io.loadlab.loadgen.run.UnsplittableSpecException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code test-datagrams} kind's one descriptor: everything the loadgen asks of a kind, and nothing outside this
 * package names it. Its runs split over agents by datagrams (exact, remainders to the first parts), count into
 * {@code loadgen_test_datagrams_sent_total}, and print one line of text.
 */
@Singleton
public class DatagramsKind extends RunKind<DatagramsSpec, DatagramsReport> {

    private final NanoClock clock;
    private final Counter sent;

    @Inject
    public DatagramsKind(NanoClock clock, MeterRegistry registry) {
        super(DatagramsSpec.KIND, DatagramsSpec.class, DatagramsReport.class);
        this.clock = clock;
        this.sent = Counter.builder("loadgen.test.datagrams.sent")
                .description("Datagrams of test-datagrams runs, added when each run ends").register(registry);
    }

    @Override
    public DatagramsSpec read(JsonFields f) {
        var target = f.uri("target");
        int datagrams = f.integer("datagrams", 1);
        Duration duration = f.duration("duration", Duration.ofSeconds(1));
        Duration warmup = f.duration("warmup", Duration.ZERO);
        return f.build(() -> new DatagramsSpec(target, datagrams, duration, warmup));
    }

    @Override
    protected LoadRun start(DatagramsSpec spec) {
        return new DatagramsRun(spec, clock);
    }

    @Override
    public boolean splits() {
        return true;
    }

    @Override
    protected List<DatagramsSpec> split(DatagramsSpec spec, int n) {
        List<DatagramsSpec> parts = new ArrayList<>(n);
        if (spec.datagrams() < n) {
            throw new UnsplittableSpecException("datagrams", spec.datagrams() + " cannot go to " + n
                    + " agents: each part sends at least 1");
        }
        for (int share : Split.evenly(spec.datagrams(), n)) {
            parts.add(new DatagramsSpec(spec.target(), share, spec.duration(), spec.warmup()));
        }
        return parts;
    }

    @Override
    public String countNoun() {
        return "datagrams";
    }

    @Override
    public Optional<String> textLayout() {
        return Optional.of("datagrams");
    }

    @Override
    protected Optional<String> text(DatagramsSpec spec, DatagramsReport report, String histogram) {
        return Optional.of(String.format("%d datagrams to %s in %.3f s%n", report.datagramsSent(), spec.target(),
                report.seconds()));
    }

    @Override
    protected void count(DatagramsSpec spec, DatagramsReport report) {
        sent.increment(report.datagramsSent());
    }
}
