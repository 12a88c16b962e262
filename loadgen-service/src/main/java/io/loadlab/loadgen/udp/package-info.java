/**
 * The UDP base the three UDP kinds share, sockperf's jobs on sockperf's wire format: one
 * {@link io.loadlab.loadgen.udp.UdpRun} (a socket and its loop thread) for all of them, the driver
 * ({@link io.loadlab.loadgen.udp.UdpRunDriver}) and descriptor skeleton ({@link io.loadlab.loadgen.udp.UdpKind}), the
 * figures every UDP run measures ({@link io.loadlab.loadgen.udp.UdpFigures}), the shared JSON fields
 * ({@link io.loadlab.loadgen.udp.UdpSpecFields}) and checks, sockperf's text pieces
 * ({@link io.loadlab.loadgen.udp.SockperfTextReport}) over what the reports share
 * ({@link io.loadlab.loadgen.udp.SockperfThroughput}, {@link io.loadlab.loadgen.udp.SockperfLatency}) and the
 * message meters.
 * The kinds themselves are the subpackages {@code throughput}, {@code pingpong} and {@code underload}: each its
 * spec, report, driver and {@link io.loadlab.loadgen.run.RunKind} bean.
 *
 * <p>May depend on {@code run}, {@code engine}, {@code report}, {@code scrape}, CDI, Micrometer and Netty's epoll
 * transport (the batch sender, {@link io.loadlab.loadgen.udp.GsoLoop}); never on its subpackages (ArchitectureTest).
 */
package io.loadlab.loadgen.udp;
