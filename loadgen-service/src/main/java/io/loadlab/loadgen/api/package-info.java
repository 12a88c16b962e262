/**
 * The REST API of the load generator and its guards.
 *
 * <h2>Order of checks on {@code POST /runs}</h2>
 * bearer token (401) - body size (413) - JSON content type (415) - well-formed JSON (400) - the spec in
 * full, type errors, the spec record's own checks and {@code loadgen.limits.*} together (400 naming every
 * field) - target resolution (400 naming {@code target}) - allowlist on every resolved address (403
 * naming the address and the rule) - active runs (409 naming the active run) - start (202).
 *
 * <h2>One intake</h2>
 * Every resource that takes a body takes it through {@link io.loadlab.loadgen.api.JsonBody} (415, 400 with the line
 * and column of broken JSON), every job list pages through {@link io.loadlab.loadgen.api.PageRequest} and every job's
 * {@code DELETE} answers through {@link io.loadlab.loadgen.api.CancelAnswer}; no resource calls another's statics.
 *
 * <h2>Decisions</h2>
 * <ul>
 * <li>{@code DELETE} of a finished run answers 409: the client learns the run ended on its own.</li>
 * <li>{@code GET /runs} lists the newest {@code loadgen.runs.retain} runs kept in memory as summaries
 *     ({@link io.loadlab.loadgen.api.RunSummary}); every run stays on disk and {@code GET /runs/{id}} falls back to it.</li>
 * <li>Reads are open, but a spec's header values and body are redacted for a reader without the token
 *     ({@link io.loadlab.loadgen.api.Readers}), and heavy reads are bounded ({@link io.loadlab.loadgen.api.ReadLimiter}:
 *     429 with {@code Retry-After}, never a queue), so reading never disturbs a measurement unseen.</li>
 * <li>Error bodies are always JSON: {@code code}, {@code msg}, and {@code violations},
 *     {@code activeRun}, {@code target}/{@code address}/{@code rule} where they apply.</li>
 * </ul>
 *
 * <p>May depend on every package below it ({@code job}, {@code run}, {@code experiment}, {@code report},
 * {@code scrape}), JAX-RS, Jackson and CDI; reaches a kind only through
 * {@link io.loadlab.loadgen.run.RunKind} and its public records (ArchitectureTest).
 */
package io.loadlab.loadgen.api;
