package io.loadlab.loadgen.run;

/** Starts runs of one kind. One CDI bean per transport; the registry picks by {@link #kind()}. */
public interface RunDriver {

    /** The spec kind this driver runs, as in {@link RunSpec#kind()}. */
    String kind();

    /** Starts the run at once (warm-up first, if any) and returns without blocking. */
    LoadRun start(RunSpec spec);
}
