package io.loadlab.loadgen.api;

import java.util.List;

/**
 * One page of runs, newest first, as summaries. {@code page} counts from 0; {@code total} is the runs listed (those
 * kept in memory, {@code loadgen.runs.retain}); {@code stored} every run on disk, the older ones readable by id (a
 * list that said {@code total: 100} beside 102 records read as if two were lost, issue 42).
 */
public record RunPage(List<RunSummary> items, int page, int size, int total, int stored) {
}
