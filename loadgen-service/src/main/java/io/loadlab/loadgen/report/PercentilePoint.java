package io.loadlab.loadgen.report;

/**
 * One level of a latency percentile distribution, as HdrHistogram's percentile output prints it.
 *
 * @param percentile     0..100
 * @param inverseTail    1/(1-p), the x of the usual log plot; capped at the histogram's count for p = 100, where
 *                       it is infinite and the data resolves no finer level
 * @param valueMicros    the highest value at this level, microseconds
 * @param countAtOrBelow values recorded at or below it
 */
public record PercentilePoint(double percentile, double inverseTail, double valueMicros, long countAtOrBelow) {
}
