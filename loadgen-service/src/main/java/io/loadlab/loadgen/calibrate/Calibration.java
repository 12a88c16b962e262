package io.loadlab.loadgen.calibrate;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * What a calibration found: the ceiling and the three measurements it rests on, or, when it was cancelled before its
 * last shape, the measurements it finished and no ceiling (a ceiling needs all three).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Calibration(Ceiling ceiling, List<Measurement> measurements) {

    public Calibration {
        measurements = List.copyOf(measurements);
    }
}
