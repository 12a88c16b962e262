/**
 * A throwaway run kind, in the test source set only, that proves a kind needs no edit outside its own package
 * (issue 26 part 1): {@code "kind": "test-datagrams"} sends a counted number of UDP datagrams to a loopback socket the
 * test opens, spread over its duration. {@link io.loadlab.loadgen.testkind.DatagramsKind} is its one descriptor (read,
 * start, split, count, text, count noun), {@link io.loadlab.loadgen.testkind.DatagramsJsonTypes} registers its records
 * for native builds, {@link io.loadlab.loadgen.testkind.ThrowawayKindTest} drives it through the API, the run page,
 * the meters, the split and the native registration guard.
 * <p>Depends on the run contract ({@code run}), the report records it returns ({@code report}), the engine's clock, CDI,
 * Micrometer and Quarkus' reflection annotation; nothing outside this package names it.
 */
package io.loadlab.loadgen.testkind;
