package io.loadlab.loadgen.iperf;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** One second of a direction, as this end counted it (sent if it sends, received if it receives), summed over streams. */
@JsonIgnoreProperties(value = "bitsPerSecond", allowGetters = true)
@JsonPropertyOrder({"start", "end", "bytes", "bitsPerSecond"}) // explicit: a native image may list derived getters apart
public record IntervalFigures(double start, double end, long bytes) {

    @JsonProperty("bitsPerSecond")
    public double bitsPerSecond() {
        return end > start ? bytes * 8 / (end - start) : 0;
    }
}
