package io.loadlab.loadgen.experiment;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Experiments in Prometheus terms, for dashboards to mark cells:
 * <ul>
 * <li>{@code loadgen_experiment_active}: experiments running now (0 or 1).</li>
 * <li>{@code loadgen_experiment_cell_info{experiment,target,cores,variant}}: 1 while that cell runs. The series
 *     exists only during its cell and is removed after it, so at most one is live: cardinality stays bounded
 *     however many experiments are run.</li>
 * <li>{@code loadgen_experiment_cell_generators{...same tags}}: beside it, how many load generators drive the cell:
 *     1 for the loadgen alone, else the agents it runs on (with {@code agents: auto}, as many as it took).</li>
 * </ul>
 */
@ApplicationScoped
public class ExperimentMeters {

    private final MeterRegistry registry;
    private final AtomicInteger active = new AtomicInteger();
    private Meter.Id cell;
    private Meter.Id cellGenerators;

    @Inject
    public ExperimentMeters(MeterRegistry registry) {
        this.registry = registry;
        Gauge.builder("loadgen.experiment.active", active, AtomicInteger::get)
                .description("Experiments running now").register(registry);
    }

    void experimentStarted() {
        active.incrementAndGet();
    }

    void experimentEnded() {
        active.decrementAndGet();
        cellEnded();
    }

    /** @param generators load generators driving the cell: 1 here alone, else its agents */
    synchronized void cellStarted(String experiment, String target, int cores, String variant, int generators) {
        cellEnded();
        Tags tags = Tags.of("experiment", experiment, "target", target, "cores", Integer.toString(cores), "variant", variant);
        cell = Gauge.builder("loadgen.experiment.cell.info", () -> 1).tags(tags)
                .description("1 while this experiment cell runs; absent otherwise").register(registry).getId();
        cellGenerators = Gauge.builder("loadgen.experiment.cell.generators", () -> generators).tags(tags)
                .description("Load generators driving this cell while it runs (1: the loadgen alone; else its agents)")
                .register(registry).getId();
    }

    synchronized void cellEnded() {
        if (cell != null) {
            registry.remove(cell);
            registry.remove(cellGenerators);
            cell = null;
            cellGenerators = null;
        }
    }
}
