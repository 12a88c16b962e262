package io.loadlab.loadgen.run;

/** Told of each run's start and end, e.g. to feed metrics. Called on the registry's thread: return quickly. */
public interface RunListener {

    void started(RunRecord run, LoadRun live);

    /** {@code last} is the run's final live snapshot, taken once it stopped. */
    void finished(RunRecord run, RunProgress last);
}
