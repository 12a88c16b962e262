/**
 * The HTTP API under test: {@link io.loadlab.target.api.AnswerRoutes} ({@code GET/POST /test/testApi}, a plain
 * Vert.x route on the event loop), its input readers ({@link io.loadlab.target.api.NumberParser},
 * {@link io.loadlab.target.api.MediaType}) and its JSON errors ({@link io.loadlab.target.api.ErrorAnswer}).
 * <p>May depend on: {@code answer}, {@code metrics}, {@link io.loadlab.target.TargetConfig}, Vert.x Web, Jackson
 * and CDI. The top of the service: no other package depends on it.
 */
package io.loadlab.target.api;
