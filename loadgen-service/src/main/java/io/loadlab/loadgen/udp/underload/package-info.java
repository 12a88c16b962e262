/**
 * The {@code udp-underload} kind: sockperf's under-load: throughput with a pong asked every replyEvery messages,
 * latency and loss together.
 * Its spec, report, driver and {@link io.loadlab.loadgen.run.RunKind} bean (spec read from JSON,
 * sockperf's text, the message meters).
 *
 * <p>May depend on the {@code udp} base, {@code run}, {@code engine}, {@code report}, {@code scrape}, CDI and
 * Jackson annotations; nothing outside names more of it than its spec and report records (ArchitectureTest).
 */
package io.loadlab.loadgen.udp.underload;
