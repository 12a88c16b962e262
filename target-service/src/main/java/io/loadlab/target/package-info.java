/**
 * The target service: the API under test ({@code api}, answering from {@code answer}), its meters
 * ({@code metrics}) and a sockperf-compatible UDP reflector ({@code udp}). This package holds only
 * {@link io.loadlab.target.TargetConfig}, the one configuration mapping every part reads.
 * <p>Open first: {@code api/AnswerRoutes} (HTTP), then {@code udp/UdpReflector} (UDP).
 * <p>May depend on: SmallRye Config. Nothing here depends on the loadgen; what both services share (cores rule,
 * common tags, CPU waits, the sockperf header) comes from loadlab-common. ArchitectureTest keeps these rules.
 */
package io.loadlab.target;
