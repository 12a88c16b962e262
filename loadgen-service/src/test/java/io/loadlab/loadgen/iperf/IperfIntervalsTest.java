package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.Direction;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.report.HistogramCodec;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A finished test's measured seconds as the run contract's intervals (what an agent delivers for its part): after the
 * warm-up, one per second, up's bytes as sent and down's as received, no latency.
 */
class IperfIntervalsTest {

    @Test
    void eachMeasuredSecondIsAnIntervalAfterTheWarmUpWithBothDirectionsBytes() {
        IperfSpec spec = new IperfSpec(IperfSpec.target("10.0.0.1", 5201), Protocol.TCP, 1, Direction.BIDIR, 0, 0,
                Duration.ofSeconds(2), Duration.ofSeconds(1));
        StreamFigures none = new StreamFigures(0, 0, 0, 2.0, null, null, null, null, null, null);
        IperfReport r = new IperfReport(spec, List.of(
                new DirectionReport("up", List.of(), none, List.of(new IntervalFigures(0, 1, 100), new IntervalFigures(1, 2, 200))),
                new DirectionReport("down", List.of(), none, List.of(new IntervalFigures(0, 1, 7), new IntervalFigures(1, 2, 9)))),
                new IperfReport.CpuUtilisation(0, 0, 0), new IperfReport.CpuUtilisation(0, 0, 0), null);

        List<IntervalSample> samples = IperfIntervals.of(r);

        assertEquals(List.of(1L, 2L), samples.stream().map(IntervalSample::index).toList());
        assertEquals(List.of(1_000_000_000L, 2_000_000_000L), samples.stream().map(IntervalSample::startNanos).toList());
        assertEquals(3_000_000_000L, samples.get(1).endNanos(), "the last ends at warm-up + duration");
        assertEquals(List.of(100L, 200L), samples.stream().map(s -> s.measured().count(Counter.BYTES_SENT)).toList());
        assertEquals(List.of(7L, 9L), samples.stream().map(s -> s.measured().count(Counter.BYTES_RECEIVED)).toList());
        assertEquals(0, HistogramCodec.decode(samples.get(0).measured().latency()).getTotalCount());
        assertEquals(0, samples.get(0).warmup().count(Counter.BYTES_SENT));
        assertEquals(List.of(), IperfIntervals.of(null));
    }
}
