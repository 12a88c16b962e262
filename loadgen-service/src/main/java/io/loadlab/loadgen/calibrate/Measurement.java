package io.loadlab.loadgen.calibrate;

/**
 * One shape measured against a loopback responder.
 *
 * @param runId              the ordinary run that drove it (listed under {@code /runs})
 * @param loops              event loops (HTTP) or senders (UDP) it ran on
 * @param perSecond          requests (messages) per second in the measured part
 * @param cpuMicrosPerRequest the loadgen's process CPU time per request over the measured part, the responder's
 *                           own threads' CPU taken out; null when it could not be read (no JVM reading, or no
 *                           poll landed in the measured part)
 * @param counted            requests (messages) the loadgen counted in its measured part
 * @param answered           requests the responder answered (messages it received), warm-up included
 */
public record Measurement(Shape shape, String runId, int loops, double perSecond, Double cpuMicrosPerRequest,
                          long counted, long answered) {
}
