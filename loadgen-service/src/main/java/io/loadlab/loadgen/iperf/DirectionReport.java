package io.loadlab.loadgen.iperf;

import java.util.List;

/** One direction of a test: "up" (client to server) or "down"; its streams, their sum and its per-second intervals. */
public record DirectionReport(String direction, List<StreamFigures> streams, StreamFigures sum, List<IntervalFigures> intervals) {

    public DirectionReport {
        streams = List.copyOf(streams);
        intervals = List.copyOf(intervals);
    }
}
