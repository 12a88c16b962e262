package io.loadlab.loadgen.api.spec;

import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.RunSpec;

/**
 * Turns the JSON of one kind of run into its spec. One CDI bean per kind; adding a kind (UDP, ...)
 * adds a reader and touches no other.
 */
public interface SpecReader {

    /** The kind read, with its spec and report records. */
    RunKind runKind();

    /**
     * Reads every field through {@code fields} (the {@code kind} field is already known), checks the
     * configured limits and builds the spec. Records every problem in {@code fields.violations()}
     * and returns null if there was any; the caller answers with all of them.
     */
    RunSpec read(JsonFields fields);
}
