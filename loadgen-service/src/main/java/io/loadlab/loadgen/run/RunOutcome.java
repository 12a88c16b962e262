package io.loadlab.loadgen.run;

import io.loadlab.loadgen.report.RunReport;

/**
 * How a run ended.
 *
 * @param report    the figures of the measured part; partial when cancelled or failed part-way
 * @param histogram the measured part's latency histogram (nanoseconds, as recorded; corrected for coordinated
 *                  omission in the open model) as HdrHistogram's compressed base64 encoding, null when the run
 *                  measured no latency; {@link io.loadlab.loadgen.report.HistogramCodec#decode} reads it back
 * @param cancelled true when {@link LoadRun#cancel()} ended it
 * @param failure   why the run failed, null when it did not
 */
public record RunOutcome(RunReport report, String histogram, boolean cancelled, String failure) {
}
