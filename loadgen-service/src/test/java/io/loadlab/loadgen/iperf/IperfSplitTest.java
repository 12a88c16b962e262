package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.Direction;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.loadgen.run.UnsplittableSpecException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The iperf kind's typed split: the parts' streams × bitrate sum to the whole's exactly; the rest is copied. */
class IperfSplitTest {

    private final IperfKind kind = new IperfKind(null, null, null);

    private static IperfSpec spec(Protocol protocol, int streams, long bitrate) {
        return new IperfSpec(IperfSpec.target("10.0.0.1", 5201), protocol, streams, Direction.BIDIR, bitrate, 1200,
                Duration.ofSeconds(7), Duration.ofSeconds(2));
    }

    private List<IperfSpec> parts(IperfSpec whole, int n) {
        assertTrue(kind.splits());
        return kind.parts(whole, n).stream().map(IperfSpec.class::cast).toList();
    }

    private static long total(List<IperfSpec> parts) {
        return parts.stream().mapToLong(p -> p.streams() * p.bitrate()).sum();
    }

    @Test
    void streamsAreDividedRemaindersFirstAndKeepTheirBitrate() {
        IperfSpec whole = spec(Protocol.UDP, 8, 3_000_001);
        List<IperfSpec> parts = parts(whole, 3);
        assertEquals(List.of(3, 3, 2), parts.stream().map(IperfSpec::streams).toList());
        assertEquals(List.of(3_000_001L, 3_000_001L, 3_000_001L), parts.stream().map(IperfSpec::bitrate).toList());
        assertEquals(whole.streams() * whole.bitrate(), total(parts));
        for (IperfSpec p : parts) {
            assertEquals(new IperfSpec(whole.target(), whole.protocol(), p.streams(), whole.direction(), p.bitrate(),
                    whole.length(), whole.duration(), whole.warmup()), p, "everything else copied");
        }
    }

    @Test
    void oneStreamRunsOnEveryAgentWithTheBitrateDividedExactly() {
        List<IperfSpec> parts = parts(spec(Protocol.UDP, 1, 100_000_000_001L), 3);
        assertEquals(List.of(1, 1, 1), parts.stream().map(IperfSpec::streams).toList());
        assertEquals(List.of(33_333_333_334L, 33_333_333_334L, 33_333_333_333L), parts.stream().map(IperfSpec::bitrate).toList());
        assertEquals(100_000_000_001L, total(parts));
    }

    @Test
    void unlimitedStaysUnlimitedOnEveryAgent() {
        List<IperfSpec> parts = parts(spec(Protocol.TCP, 1, 0), 3);
        assertEquals(List.of(0L, 0L, 0L), parts.stream().map(IperfSpec::bitrate).toList());
        assertEquals(List.of(2, 1), parts(spec(Protocol.TCP, 3, 0), 2).stream().map(IperfSpec::streams).toList());
    }

    @Test
    void refusesFewerStreamsThanAgentsAndABitrateBelowOneBitPerAgentNamingTheField() {
        UnsplittableSpecException streams = assertThrows(UnsplittableSpecException.class,
                () -> kind.parts(spec(Protocol.TCP, 2, 0), 3));
        assertEquals("streams", streams.field());
        assertTrue(streams.getMessage().contains("2 streams cannot be split over 3 agents"), streams.getMessage());
        UnsplittableSpecException bitrate = assertThrows(UnsplittableSpecException.class,
                () -> kind.parts(spec(Protocol.UDP, 1, 2), 3));
        assertEquals("bitrate", bitrate.field());
        assertEquals(List.of(1L, 1L, 1L), parts(spec(Protocol.UDP, 1, 3), 3).stream().map(IperfSpec::bitrate).toList());
    }
}
