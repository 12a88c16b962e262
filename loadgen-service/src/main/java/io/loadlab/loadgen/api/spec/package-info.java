/**
 * Reading run and experiment specs from JSON: one {@link io.loadlab.loadgen.api.spec.SpecReader} bean per kind,
 * picked by {@code "kind"} ({@link io.loadlab.loadgen.api.spec.SpecParser}); every bad field is named at once
 * through {@link io.loadlab.loadgen.api.spec.JsonFields}.
 *
 * <p>May depend on {@code run}, {@code experiment}, {@code api.guard}, Jackson and CDI, and on each kind's public
 * spec and report records (and udp's bitrate syntax). The readers belong in their kinds' packages: not moved yet.
 */
package io.loadlab.loadgen.api.spec;
