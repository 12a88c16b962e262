/**
 * Generator calibration: how fast can this loadgen go, on this machine, when the target costs nothing? A
 * {@link io.loadlab.loadgen.calibrate.LoopbackResponder} (a fixed HTTP answer, Netty, its own event loops) and a
 * {@link io.loadlab.loadgen.calibrate.UdpEcho} (sockperf's reflector rule, one thread) stand in for the target on
 * loopback, so a run against them measures the generator's own ceiling: requests/s per event loop with keep-alive
 * on and off, and UDP messages/s ({@link io.loadlab.loadgen.calibrate.Ceiling}). An experiment cell whose rate
 * passes a set share of that ceiling measured the generator as much as the target, and
 * {@link io.loadlab.loadgen.calibrate.SuspectCells} flags it with the figures.
 * <p>
 * The responders listen on 127.0.0.1 only, on ports the kernel picks, and count what they answered so a
 * calibration can check its count against theirs. Ceilings are lower bounds: on a small machine the responder
 * and the generator share the CPUs. {@code SuspectCells} and {@code Ceiling} are pure; the responders depend on
 * Netty and the JDK only.
 */
package io.loadlab.loadgen.calibrate;
