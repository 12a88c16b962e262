/**
 * The sockperf-compatible UDP reflector: one {@link java.nio.channels.DatagramChannel} per core read by a
 * {@link io.loadlab.target.udp.ReflectorLoop} on its own thread, each datagram classified by
 * {@link io.loadlab.target.udp.DatagramIntake} (the wire format is loadlab-common's {@code SockperfHeader}),
 * pong requests answered in place, everything counted in {@link io.loadlab.target.udp.ReflectorStats}.
 * <p>May depend on: loadlab-common, the JDK and JBoss Logging on the datagram path; only its beans
 * ({@link io.loadlab.target.udp.UdpReflector}, its meters and readiness) also on Quarkus lifecycle events, CDI,
 * Micrometer and MicroProfile Health. Never on Vert.x or Netty, nor on {@code api}, {@code answer} or
 * {@code metrics}.
 */
package io.loadlab.target.udp;
