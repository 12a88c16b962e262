/**
 * What {@code /test/testApi} answers: the JSON body for a number of items ({@link io.loadlab.target.answer.Answer},
 * {@link io.loadlab.target.answer.Item}), encoded once per number and kept as ready-to-send bytes in
 * {@link io.loadlab.target.answer.AnswerCache}, so a request costs a lookup, never a serialization. The cache is
 * bounded by bytes ({@link io.loadlab.target.answer.CacheBudget}); an answer it cannot hold is encoded per request.
 * Direct memory for answers, cached or still being written, comes from {@link io.loadlab.target.answer.DirectBudget},
 * never from the JDK unasked: past the budget an answer is encoded on the heap.
 * <p>May depend on: {@link io.loadlab.target.TargetConfig}, Jackson, Caffeine (Micrometer's binder for its meters) and
 * Vert.x/Netty buffers (the cached bytes are the buffer the route writes). Never on {@code api}, {@code metrics} or {@code udp}.
 */
package io.loadlab.target.answer;
