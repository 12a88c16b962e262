package io.loadlab.loadgen.calibrate;

/**
 * What one cell asked of the generator and what it reached, for judging it against a {@link Ceiling}.
 *
 * @param rate  requests (or messages) per second measured
 * @param loops the event loops (threads) the run had
 */
public record CellLoad(String target, String variant, String runId, Shape shape, int loops, double rate) {
}
