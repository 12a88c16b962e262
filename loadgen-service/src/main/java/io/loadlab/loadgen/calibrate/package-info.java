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
 * Netty, the JDK and common's sockperf header only.
 * <p>
 * {@link io.loadlab.loadgen.calibrate.Calibrations} makes a calibration a kind of job in the {@code job} registry
 * ({@code POST /calibrations}), and {@link io.loadlab.loadgen.calibrate.Calibrator} drives the three shapes as
 * ordinary runs through {@code run.Runs}, naming the http and udp kinds only by their specs and reports. May depend
 * on {@code job}, {@code run}, those records and {@code common}; never on {@code experiment} or {@code api}, which
 * depend on it.
 */
package io.loadlab.loadgen.calibrate;
