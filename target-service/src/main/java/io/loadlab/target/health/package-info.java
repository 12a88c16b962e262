/**
 * The target's own liveness beyond "the HTTP server answers": {@link io.loadlab.target.health.FatalErrors} records the
 * first {@link java.lang.VirtualMachineError} (an OutOfMemoryError, a StackOverflowError) that reached an event loop's
 * handler or killed a thread, and {@link io.loadlab.target.health.FatalErrorLiveness} reports DOWN from then on. Issue 42:
 * an OutOfMemoryError killed {@code vert.x-acceptor-thread-0}, the HTTPS port stopped accepting, and nothing said so;
 * the JVM images also exit on OutOfMemoryError ({@code -XX:+ExitOnOutOfMemoryError}).
 *
 * <p>May depend on: Vert.x core, Quarkus lifecycle events, MicroProfile Health and CDI. Nothing depends on it but tests.
 */
package io.loadlab.target.health;
