package io.loadlab.loadgen.api.spec;

import io.loadlab.loadgen.gate.GateSpec;
import io.loadlab.loadgen.run.RunSpec;

import java.util.Objects;

/**
 * What {@code POST /runs} asked for: the run's spec, and beside it (never in it) the thresholds it is judged against
 * and the baseline it is compared with.
 *
 * @param thresholds null when none were asked
 * @param baseline   a run's or experiment's id; null when none was named
 */
public record AskedRun(RunSpec spec, GateSpec thresholds, String baseline) {

    public AskedRun {
        Objects.requireNonNull(spec, "spec");
    }
}
