package io.loadlab.loadgen.calibrate;

/**
 * A cell whose rate came close enough to the generator's ceiling that the generator, not the target, may have
 * set it.
 *
 * @param share   rate / ceiling
 * @param reason  one sentence with the figures
 */
public record Suspect(String target, String variant, String runId, double rate, double ceiling, double share,
                      String reason) {
}
