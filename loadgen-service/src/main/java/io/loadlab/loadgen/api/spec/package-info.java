/**
 * Reading run and experiment specs from JSON: {@link io.loadlab.loadgen.api.spec.SpecJson} turns a body into one
 * strict JSON tree, {@link io.loadlab.loadgen.api.spec.SpecParser} hands a run spec to the kind its {@code "kind"}
 * names (each kind reads its own fields, {@link io.loadlab.loadgen.run.RunKind#read}), and
 * {@link io.loadlab.loadgen.api.spec.ExperimentSpecReader} reads experiments; every bad field is named at once
 * through {@link io.loadlab.loadgen.run.JsonFields}.
 *
 * A variant's request mix is read by the http kind's own reader ({@link io.loadlab.loadgen.api.spec.MixField}), as a
 * protocol entry's {@code tls} is.
 *
 * <p>May depend on {@code run}, {@code experiment}, {@code mix} (the records a variant carries), Jackson and CDI;
 * names no kind (ArchitectureTest).
 */
package io.loadlab.loadgen.api.spec;
