/**
 * The {@code iperf} run kind: iperf3's client, against any iperf3 server (the target's, or a stock
 * {@code iperf3 -s}). {@link io.loadlab.loadgen.iperf.IperfSpecReader} reads {@code POST /runs}' spec,
 * {@link io.loadlab.loadgen.iperf.IperfDriver} starts an {@link io.loadlab.loadgen.iperf.IperfRun} (one
 * {@link io.loadlab.loadgen.iperf.ClientSession}), {@link io.loadlab.loadgen.iperf.IperfKind} is the kind as the rest of
 * the loadgen sees it (its run started, text, meters, experiment figures). The report gives, per direction, per stream and summed, what
 * was sent and received, UDP jitter, loss and reordering, per-second intervals and both ends' CPU;
 * {@link io.loadlab.loadgen.iperf.IperfTextReport} prints it in iperf3's layout. Every wait on the server has a deadline.
 * Across agents, {@link io.loadlab.loadgen.iperf.IperfSplit} gives each agent its own test (streams or bitrate divided
 * exactly), {@link io.loadlab.loadgen.iperf.IperfIntervals} hands each part's seconds to the exact interval merge and
 * {@link io.loadlab.loadgen.iperf.IperfMerge} combines the parts' reports as iperf3 sums its streams
 * ({@link io.loadlab.loadgen.iperf.StreamSums}, one sum for a test and for a run over agents).
 * <p>Depends on {@code io.loadlab.common.iperf} (the wire protocol and stream loops), the run contract, the API's spec
 * reading and limits, the engine's interval records, udp's {@code Bitrate} (iperf3's {@code -b} syntax, one parser), CDI and Micrometer; nothing
 * outside names its internals. TCP retransmits need TCP_INFO, which plain JDK sockets do not expose: a stream
 * the server sends on carries the server's count (a stock Linux {@code iperf3 -s} has it), one this end sends on
 * reads absent ({@code null}) until the streams move to a transport that reads it.
 */
package io.loadlab.loadgen.iperf;
