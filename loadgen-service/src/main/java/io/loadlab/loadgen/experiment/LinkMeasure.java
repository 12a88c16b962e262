package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.run.CellFigures;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.RunSpec;

import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/** A target's link capacity, measured before its first cell by what the target supports. */
final class LinkMeasure {

    /** Runs a spec to its end as the experiment's cells are run. */
    interface Runner {
        RunRecord run(RunSpec spec, Consumer<String> started, BooleanSupplier cancelled, Duration duration);
    }

    private final RunKinds kinds;
    private final ExperimentsConfig config;
    /** iperf's bulk run where that kind is installed. */
    private final Optional<LinkProbe> probe;
    private final Runner runner;

    LinkMeasure(RunKinds kinds, ExperimentsConfig config, Optional<LinkProbe> probe, Runner runner) {
        this.kinds = kinds;
        this.config = config;
        this.probe = probe;
        this.runner = runner;
    }

    /**
     * Measures the link by what the target supports: the probe (iperf3's TCP bulk run, down) against its iperf3
     * port; where that does not answer (or no probe is installed), a download of its {@code download} URL, else, when
     * every variant is our target's, of large {@code number} answers; else no capacity, saying why (a foreign target
     * with neither has nothing to download from, and a guess would make every verdict rest on it).
     */
    LinkCapacity measure(ExperimentTarget t, ExperimentSpec spec, Consumer<String> started, BooleanSupplier cancelled) {
        String why = "no link probe installed";
        if (probe.isPresent() && t.iperf() != null) {
            Duration seconds = Duration.ofSeconds(Math.max(1, (config.capacityDuration().toMillis() + 999) / 1000));
            RunRecord run = runner.run(probe.get().spec(t.iperf(), seconds), started, cancelled, seconds);
            CellFigures r = kinds.figures(run).orElse(null);
            if (run.state() == io.loadlab.loadgen.run.RunState.COMPLETED && r != null && r.durationSeconds() > 0
                    && r.bytesReceived() > 0) {
                return new LinkCapacity(t.name(), r.bytesReceived() * 8 / r.durationSeconds() / 1e6, true, run.id(),
                        probe.get().method(), null);
            }
            why = "the iperf3 port " + t.iperf() + " did not answer (run " + run.id() + " " + run.state().json()
                    + (run.failure() == null ? "" : ": " + run.failure()) + ")";
        }
        int c = config.capacityConnections();
        HttpRunSpec download;
        if (t.download() != null) {
            download = new HttpRunSpec(t.download(), "GET", null, null, c, Math.min(2, c), config.capacityDuration(),
                    Duration.ofMillis(500), 0, true, Duration.ofSeconds(10));
            why += "; downloaded " + t.download();
        } else if (spec.variants().stream().noneMatch(Variant::carriesRequest)) {
            download = CellSpecs.http(t, new Variant(config.capacityNumber(), c, Math.min(2, c), true, 0), config.capacityDuration(),
                    Duration.ofMillis(500), Duration.ofSeconds(10));
        } else {
            return LinkCapacity.none(t.name(), why + "; no download URL and no linkMbps for a target whose requests are "
                    + "not ours");
        }
        return download(t, download, started, cancelled, why);
    }

    /** Downloads for a while: bytes per second achieved estimate the link, from below. */
    private LinkCapacity download(ExperimentTarget t, HttpRunSpec spec, Consumer<String> started, BooleanSupplier cancelled,
                                  String why) {
        RunRecord run = runner.run(spec, started, cancelled, config.capacityDuration());
        CellFigures r = kinds.figures(run).orElse(null);
        if (r == null || r.durationSeconds() <= 0 || r.bytesReceived() == 0) {
            String failed = "cannot measure the link to " + t.name() + ": run " + run.id() + " " + run.state().json()
                    + (run.failure() == null ? " without data" : ": " + run.failure());
            if (t.download() != null) { // a foreign target's cells still run, their link utilisation unmeasured
                return LinkCapacity.none(t.name(), why + "; " + failed);
            }
            throw new IllegalStateException(failed);
        }
        return new LinkCapacity(t.name(), r.bytesReceived() * 8 / r.durationSeconds() / 1e6, true, run.id(),
                LinkCapacity.DOWNLOAD, why);
    }

}
