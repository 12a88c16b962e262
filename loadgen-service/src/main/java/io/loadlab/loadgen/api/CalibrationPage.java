package io.loadlab.loadgen.api;

import io.loadlab.loadgen.calibrate.CalibrationRecord;

import java.util.List;

/** One page of calibrations, newest first. {@code page} counts from 0; {@code total} is those kept in memory. */
public record CalibrationPage(List<CalibrationRecord> items, int page, int size, int total) {
}
