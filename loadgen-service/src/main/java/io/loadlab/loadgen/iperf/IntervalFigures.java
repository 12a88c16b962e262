package io.loadlab.loadgen.iperf;

/** One second of a direction, as this end counted it (sent if it sends, received if it receives), summed over streams. */
public record IntervalFigures(double start, double end, long bytes) {

    public double bitsPerSecond() {
        return end > start ? bytes * 8 / (end - start) : 0;
    }
}
