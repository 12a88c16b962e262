/**
 * The HTTP API under test: {@link io.loadlab.target.api.AnswerRoutes} ({@code GET/POST /test/testApi}, a plain
 * Vert.x route on the event loop), its input readers ({@link io.loadlab.target.api.NumberParser},
 * {@link io.loadlab.target.api.MediaType}) and its JSON errors ({@link io.loadlab.target.api.ErrorAnswer}).
 * {@link io.loadlab.target.api.DirectAnswer} answers the plain POST below the router, in the connection's Netty
 * pipeline ({@link io.loadlab.target.api.PlainNumber}, {@link io.loadlab.target.api.PlainHost} say what is plain).
 * Neither writes to a connection that does not take writes: {@code DirectAnswer} holds a plain connection's requests,
 * and stops reading it, until it drains; {@link io.loadlab.target.api.WhenWritable} holds the router's HTTP/1.x answers.
 * <p>May depend on: {@code answer}, {@code metrics}, {@link io.loadlab.target.TargetConfig}, Vert.x Web, Netty's
 * channel and HTTP codec, Vert.x's {@code ConnectionBase} (the one internal type: it gives a connection's pipeline),
 * Jackson and CDI. The top of the service: no other package depends on it.
 */
package io.loadlab.target.api;
