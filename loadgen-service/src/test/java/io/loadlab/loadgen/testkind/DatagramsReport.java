package io.loadlab.loadgen.testkind;

import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.report.RunSeries;

import java.util.Objects;

/**
 * What a {@code test-datagrams} run sent: every datagram the socket accepted, over the measured seconds, and its
 * per-second series (one point per second touched; {@code requests} counts datagrams).
 */
public record DatagramsReport(long datagramsSent, double seconds, RunSeries series) implements RunReport {

    public DatagramsReport {
        if (datagramsSent < 0 || seconds < 0) {
            throw new IllegalArgumentException("datagramsSent and seconds must be >= 0: " + datagramsSent + " " + seconds);
        }
        Objects.requireNonNull(series, "series");
    }
}
