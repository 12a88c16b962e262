/**
 * The REST API of the load generator and its guards.
 *
 * <h2>Order of checks on {@code POST /runs}</h2>
 * bearer token (401) - body size (413) - JSON content type (415) - well-formed JSON (400) - the spec in
 * full, type errors, the spec record's own checks and {@code loadgen.limits.*} together (400 naming every
 * field) - target resolution (400 naming {@code target}) - allowlist on every resolved address (403
 * naming the address and the rule) - active runs (409 naming the active run) - start (202).
 *
 * <h2>Decisions</h2>
 * <ul>
 * <li>{@code DELETE} of a finished run answers 409: the client learns the run ended on its own.</li>
 * <li>{@code GET /runs} lists the newest {@code loadgen.runs.retain} runs kept in memory; every run
 *     stays on disk and {@code GET /runs/{id}} falls back to it.</li>
 * <li>Error bodies are always JSON: {@code code}, {@code msg}, and {@code violations},
 *     {@code activeRun}, {@code target}/{@code address}/{@code rule} where they apply.</li>
 * </ul>
 *
 * <p>May depend on every package below it ({@code job}, {@code run}, {@code experiment}, {@code report},
 * {@code scrape}), JAX-RS, Jackson and CDI; reaches a kind only through
 * {@link io.loadlab.loadgen.run.RunKindDefinition} and its public records (ArchitectureTest).
 */
package io.loadlab.loadgen.api;
