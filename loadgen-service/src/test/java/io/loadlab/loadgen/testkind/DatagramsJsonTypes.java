package io.loadlab.loadgen.testkind;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Registers this kind's records for reflection, in its own package as every kind does: nothing else names them. */
@RegisterForReflection(targets = {DatagramsSpec.class, DatagramsReport.class})
final class DatagramsJsonTypes {

    private DatagramsJsonTypes() {
    }
}
