package io.loadlab.loadgen.api;

import java.util.List;

/** One page of runs, newest first, as summaries. {@code page} counts from 0; {@code total} is the runs kept in memory. */
public record RunPage(List<RunSummary> items, int page, int size, int total) {
}
