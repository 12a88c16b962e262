/**
 * The iperf3-compatible server on {@code target.iperf.port}: the stock {@code iperf3 -c} (TCP, UDP, {@code -P},
 * {@code -R}, {@code --bidir}, {@code -b}, {@code -t}, {@code -l}) and the loadgen's engine test against it.
 * One test at a time, as iperf3's server: a client arriving meanwhile gets ACCESS_DENIED ("the server is busy").
 * The wire protocol and the stream loops are {@code io.loadlab.common.iperf}; this package accepts, runs one test's
 * state machine ({@link io.loadlab.target.iperf.IperfSession}) and counts bytes for {@code /q/metrics}.
 * Blocking sockets and a thread per stream, like the UDP reflector next door: at most
 * {@code target.iperf.max-streams} × 2 stream threads plus one per test and the acceptor.
 * May depend on common, the service's config, Micrometer and JBoss logging; not on Vert.x.
 */
package io.loadlab.target.iperf;
