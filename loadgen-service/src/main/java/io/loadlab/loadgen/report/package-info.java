/**
 * What every kind's report is made of: the {@link io.loadlab.loadgen.report.RunReport} marker, latency
 * percentiles ({@link io.loadlab.loadgen.report.LatencySummary}, microseconds) and the histogram codec and log
 * export (nanoseconds). Layouts of one kind (wrk's, sockperf's) live in that kind.
 *
 * <p>May depend on the JDK, HdrHistogram and Jackson annotations only: no framework, no kind
 * (ArchitectureTest#reportIsFreeOfFrameworks, #reportImportsNoKind).
 */
package io.loadlab.loadgen.report;
