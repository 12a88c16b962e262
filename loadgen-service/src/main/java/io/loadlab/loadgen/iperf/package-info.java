/**
 * iperf3's client as an engine: given a {@link io.loadlab.loadgen.iperf.IperfSpec}, {@link io.loadlab.loadgen.iperf.IperfClient}
 * runs one test against any iperf3 server (the target's, or a stock {@code iperf3 -s}) and returns an
 * {@link io.loadlab.loadgen.iperf.IperfReport}: per direction, per stream and summed, what was sent and received,
 * UDP jitter, loss and reordering, per-second intervals, both ends' CPU; {@link io.loadlab.loadgen.iperf.IperfTextReport}
 * prints it in iperf3's layout. Bounded in time: every wait has a deadline.
 * <p>Not yet a run kind: nothing else imports this package. It depends on {@code io.loadlab.common.iperf} (the wire
 * protocol and stream loops) and the JDK only; no Quarkus, Vert.x or Netty types. TCP retransmits need TCP_INFO,
 * which plain JDK sockets do not expose: they are reported as absent ({@code null}) until the streams move to a
 * transport that reads it.
 */
package io.loadlab.loadgen.iperf;
