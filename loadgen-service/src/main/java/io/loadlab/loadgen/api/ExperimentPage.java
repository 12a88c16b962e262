package io.loadlab.loadgen.api;

import io.loadlab.loadgen.experiment.ExperimentRecord;

import java.util.List;

/** One page of experiments, newest first. {@code page} counts from 0; {@code total} is those kept in memory. */
public record ExperimentPage(List<ExperimentRecord> items, int page, int size, int total) {
}
