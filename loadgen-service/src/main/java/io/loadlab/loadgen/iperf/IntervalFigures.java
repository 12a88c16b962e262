package io.loadlab.loadgen.iperf;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/** One second of a direction, as this end counted it (sent if it sends, received if it receives), summed over streams. */
@JsonIgnoreProperties(value = "bitsPerSecond", allowGetters = true)
public record IntervalFigures(double start, double end, long bytes) {

    @JsonProperty("bitsPerSecond")
    public double bitsPerSecond() {
        return end > start ? bytes * 8 / (end - start) : 0;
    }
}
