/**
 * The iperf3-compatible server on {@code target.iperf.port}: the stock {@code iperf3 -c} (TCP, UDP, {@code -P},
 * {@code -R}, {@code --bidir}, {@code -b}, {@code -t}, {@code -l}) and the loadgen's engine test against it.
 * {@code target.iperf.max-clients} tests at once (1, as iperf3's server, by default): a client past them gets
 * ACCESS_DENIED ("the server is busy"). UDP tests share one UDP socket ({@link io.loadlab.target.iperf.UdpPort}).
 * The wire protocol and the stream loops are {@code io.loadlab.common.iperf}; this package accepts, runs one test's
 * state machine ({@link io.loadlab.target.iperf.IperfSession}) and counts bytes for {@code /q/metrics}.
 * Blocking sockets and a thread per stream, like the UDP reflector next door: at most
 * {@code target.iperf.max-streams} × 2 stream threads plus one per test, the acceptor and the UDP port's reader.
 * May depend on common, the service's config, Micrometer and JBoss logging; not on Vert.x.
 */
package io.loadlab.target.iperf;
