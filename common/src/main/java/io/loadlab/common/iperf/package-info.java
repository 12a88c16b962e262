/**
 * iperf3's wire protocol, as Debian's iperf3 3.12 speaks it, written once for both services: the target serves it,
 * the loadgen's engine drives it.
 * <ul>
 * <li>The control connection (TCP): the client sends a 37-byte {@link io.loadlab.common.iperf.Cookie}; from then on
 *     the server announces each {@link io.loadlab.common.iperf.IperfState} as one signed byte, and both ends exchange
 *     JSON as a 4-byte big-endian length and the text ({@link io.loadlab.common.iperf.ControlChannel}): the client's
 *     {@link io.loadlab.common.iperf.TestParameters} after PARAM_EXCHANGE, each side's
 *     {@link io.loadlab.common.iperf.TestResults} after EXCHANGE_RESULTS (client first).</li>
 * <li>Streams: TCP streams connect to the same port and send the cookie first; UDP streams send a 4-byte "connect"
 *     datagram and wait for the reply ({@link io.loadlab.common.iperf.UdpConnect}). Streams are numbered 1, 3, 4, 5...
 *     in connection order, client-to-server streams first ({@link io.loadlab.common.iperf.StreamId}).</li>
 * <li>UDP datagrams start with the send time (seconds, microseconds) and a sequence number, 32 or 64 bits
 *     ({@link io.loadlab.common.iperf.UdpHeader}); the receiver derives jitter, loss and reordering from them as
 *     iperf3 does ({@link io.loadlab.common.iperf.UdpReceiveStats}).</li>
 * <li>The stream loops both ends run ({@link io.loadlab.common.iperf.TcpSender}, {@link io.loadlab.common.iperf.TcpReceiver},
 *     {@link io.loadlab.common.iperf.UdpSender}), paced like iperf3's {@code -b} ({@link io.loadlab.common.iperf.Pacer}),
 *     counting into a {@link io.loadlab.common.iperf.StreamCounter}.</li>
 * </ul>
 * Blocking java.nio/java.net sockets, a thread per stream: iperf3 itself runs one thread per process, and a test has
 * at most {@code parallel} × 2 streams, bounded by whoever serves it. Depends on the JDK and Jackson only.
 */
package io.loadlab.common.iperf;
