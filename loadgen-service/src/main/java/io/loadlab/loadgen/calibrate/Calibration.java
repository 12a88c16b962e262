package io.loadlab.loadgen.calibrate;

import java.util.List;

/** What a calibration found: the ceiling and the three measurements it rests on. */
public record Calibration(Ceiling ceiling, List<Measurement> measurements) {

    public Calibration {
        measurements = List.copyOf(measurements);
    }
}
