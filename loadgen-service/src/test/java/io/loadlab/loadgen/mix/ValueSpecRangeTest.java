package io.loadlab.loadgen.mix;

import io.loadlab.loadgen.run.Violation;
import io.loadlab.loadgen.run.Violations;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A value range's size is exact, or saturates, whatever its bounds (issue 42: {@code high - low} overflowed for
 * {@code [-9223372036854775808, 0]}, which passed the million-value cap and filled the loadgen's heap; {@code [-5e18,
 * 5e18]} answered a 500 "Illegal Capacity"; a range ending at {@code Long.MAX_VALUE} never ended its loop).
 */
class ValueSpecRangeTest {

    @Property
    void theSizeIsTheExactCountOrSaturates(@ForAll long a, @ForAll long b) {
        long low = Math.min(a, b);
        long high = Math.max(a, b);
        BigInteger exact = BigInteger.valueOf(high).subtract(BigInteger.valueOf(low)).add(BigInteger.ONE);
        assertEquals(exact.min(BigInteger.valueOf(Long.MAX_VALUE)).longValueExact(), ValueSpec.rangeSize(low, high));
    }

    @Property
    void aRangeIsRefusedExactlyWhenItHoldsOverAMillion(@ForAll long a, @ForAll long b) {
        long low = Math.min(a, b);
        long high = Math.max(a, b);
        boolean over = BigInteger.valueOf(high).subtract(BigInteger.valueOf(low)).add(BigInteger.ONE)
                .compareTo(BigInteger.valueOf(ValueSpec.MAX_VALUES)) > 0;
        assertEquals(over, !violations(low, high).isEmpty());
    }

    @Test
    void theReportedRangesAre400sNamingTheField() {
        for (long[] range : new long[][]{{Long.MIN_VALUE, 0}, {-5_000_000_000_000_000_000L, 5_000_000_000_000_000_000L},
                {Long.MIN_VALUE, Long.MAX_VALUE}, {0, ValueSpec.MAX_VALUES}}) {
            List<Violation> v = violations(range[0], range[1]);
            assertEquals(1, v.size(), v.toString());
            assertEquals("values.v.range", v.get(0).field());
            assertTrue(v.get(0).message().contains("at most 1000000 values"), v.toString());
        }
    }

    /** A million values up to Long.MAX_VALUE: the table is built, its last value is the bound, and the loop ends. */
    @Test
    void aRangeEndingAtTheLargestLongIsBuiltAndEnds() {
        long low = Long.MAX_VALUE - ValueSpec.MAX_VALUES + 1;
        assertTrue(violations(low, Long.MAX_VALUE).isEmpty());
        ValueTable table = ValueTables.resolve(Map.of("v", ValueSpec.range(low, Long.MAX_VALUE, null)), null).get("v");
        assertEquals(ValueSpec.MAX_VALUES, table.size());
        assertEquals(Long.toString(Long.MAX_VALUE), table.value(ValueSpec.MAX_VALUES - 1));
    }

    private static List<Violation> violations(long low, long high) {
        Violations v = new Violations();
        ValueSpec.range(low, high, null).check(v, "values.v");
        return v.list();
    }
}
