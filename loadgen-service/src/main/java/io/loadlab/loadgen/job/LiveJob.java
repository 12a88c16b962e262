package io.loadlab.loadgen.job;

/** A job while it is active: the one thing the registry asks of it is to stop early. Thread-safe, idempotent. */
public interface LiveJob {

    /** Asks the job to stop; it then ends through {@link Jobs#end} with what it has so far. */
    void cancel();
}
