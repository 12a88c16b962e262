package io.loadlab.loadgen.api;

import java.util.List;

/** One page of experiments, newest first, as summaries. {@code page} counts from 0; {@code total} is those kept in memory. */
public record ExperimentPage(List<ExperimentSummary> items, int page, int size, int total) {
}
