/**
 * The OpenAPI document's run specs, from the kinds installed: {@code POST /runs} takes {@code oneOf} every kind's spec,
 * told apart by {@code kind}, so adding a kind adds its schema with no line here or in {@code api}.
 *
 * <p>Each spec's schema is read from the spec record's JSON form as Jackson writes it (the stored form, which every
 * kind's reader reads field for field), not written by hand. {@link io.loadlab.loadgen.api.openapi.ContractOpenApiFilter}
 * writes what every operation shares: the error body, the bearer scheme, {@code security: []} on the open reads.
 * May depend on {@code run} (the registry of kinds), {@code api}'s {@code ApiError},
 * Jackson, MicroProfile OpenAPI's model and Arc (the filter is built by SmallRye, not by CDI); never on a kind's
 * package (ArchitectureTest).
 */
package io.loadlab.loadgen.api.openapi;
