package io.loadlab.loadgen.page;

import io.loadlab.loadgen.experiment.ExperimentRecord;
import io.loadlab.loadgen.run.RunProgress;
import io.quarkus.qute.TemplateData;

/**
 * The running cell of an experiment, as its page shows it while it runs: which run of how many, which cell, and the
 * run's own live progress (the same snapshot {@code GET /runs/{id}} gives), so the page says what is being measured
 * now rather than only the cells already done.
 *
 * @param runId       the run now driving load
 * @param cell        its target and variant, as the record names it
 * @param runNumber   its place among the experiment's runs, from 1
 * @param runsPlanned the most runs the experiment will start (cells or probes, capacity measures, calibration)
 * @param counted     what its count counts, as its kind names it
 * @param progress    its live figures; null when the run is no longer live (ended between two reads)
 */
@TemplateData
@TemplateData(target = RunProgress.class)
public record LivePanel(String runId, String cell, long runNumber, long runsPlanned, String counted, RunProgress progress) {

    /** The panel of {@code x} while it runs a run; null when it is not running one (between runs, or finished). */
    static LivePanel of(ExperimentRecord x, RunProgress progress, String counted) {
        if (x.state().finished() || x.currentRun() == null) {
            return null;
        }
        return new LivePanel(x.currentRun(), x.currentCell() == null ? "" : x.currentCell(), x.runsDone() + 1L,
                x.runsPlanned(), counted, progress);
    }
}
