package io.loadlab.loadgen.report;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * A run's histogram as an HdrHistogram log of one interval, readable by {@code HistogramLogProcessor}
 * and HdrHistogram's plotters. Values are nanoseconds; the log's max column is in milliseconds
 * (value unit ratio 1e6), as jHiccup writes it.
 */
public final class HistogramLog {

    private static final double NANOS_PER_MILLI = 1_000_000.0;

    private HistogramLog() {
    }

    public static String render(String runId, Histogram h, Instant start, Instant end) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(out, false, StandardCharsets.UTF_8)) {
            HistogramLogWriter w = new HistogramLogWriter(ps);
            w.outputComment("[loadgen run " + runId + ": latency values in nanoseconds]");
            w.outputLogFormatVersion();
            double startSec = start.toEpochMilli() / 1000.0;
            w.outputStartTime(start.toEpochMilli());
            w.setBaseTime(start.toEpochMilli());
            w.outputLegend();
            double lengthSec = end == null ? 0 : Math.max(0, end.toEpochMilli() / 1000.0 - startSec);
            w.outputIntervalHistogram(0, lengthSec, h, NANOS_PER_MILLI);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
