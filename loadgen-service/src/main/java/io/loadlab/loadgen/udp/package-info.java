/**
 * The UDP transport and its three kinds (udp-throughput, udp-pingpong, udp-underload), sockperf's jobs on
 * sockperf's wire format: one {@link io.loadlab.loadgen.udp.UdpRun} (a socket and its loop thread) for all three,
 * a driver, a spec, a report and a {@link io.loadlab.loadgen.run.RunKindDefinition} bean per kind, sockperf's text
 * layout ({@link io.loadlab.loadgen.udp.SockperfTextReport}) and the message meters.
 *
 * <p>May depend on {@code run}, {@code engine}, {@code report}, {@code scrape}, CDI and Micrometer.
 */
package io.loadlab.loadgen.udp;
