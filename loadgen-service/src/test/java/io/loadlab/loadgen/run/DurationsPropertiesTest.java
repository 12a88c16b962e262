package io.loadlab.loadgen.run;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.StringLength;

import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Duration parsing: never throws, never answers a duration whose nanoseconds overflow a long (issue 10:
 * {@code 999999999h} and {@code PT2562048H} answered 500 from {@code toNanos()}), and reads back what it wrote.
 */
class DurationsPropertiesTest {

    @Property
    void anyTextParsesToNothingOrToARepresentableDuration(@ForAll @StringLength(max = 40) String text) {
        Durations.parse(text).ifPresent(d -> {
            assertTrue(!d.isNegative() && d.compareTo(Durations.MAX) <= 0, text + " -> " + d);
            d.toNanos();
        });
    }

    @Property
    void anyShortFormParsesToItsValueOrToNothingWhenTooLong(@ForAll @LongRange(min = 0, max = 999_999_999_999_999_999L) long n,
                                                            @ForAll("units") String unit) {
        Optional<Duration> d = Durations.parse(n + unit);
        java.math.BigInteger nanos = java.math.BigInteger.valueOf(n).multiply(java.math.BigInteger.valueOf(switch (unit) {
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            default -> 3_600_000_000_000L;
        }));
        boolean fits = nanos.compareTo(java.math.BigInteger.valueOf(Long.MAX_VALUE)) <= 0;
        assertEquals(fits ? Optional.of(Duration.ofNanos(nanos.longValueExact())) : Optional.empty(), d, n + unit);
    }

    @Property
    void anyIsoDurationInHoursParsesOrIsRefused(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long hours) {
        Optional<Duration> d = Durations.parse("PT" + hours + "H");
        d.ifPresent(x -> assertEquals(hours, x.toHours()));
        assertEquals(hours <= Durations.MAX.toHours(), d.isPresent(), "PT" + hours + "H");
    }

    @Property
    void formatThenParseGivesBackTheDuration(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 1_000_000) long millis) {
        Duration d = Duration.ofMillis(millis);
        assertEquals(Optional.of(d), Durations.parse(Durations.format(d)));
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> units() {
        return net.jqwik.api.Arbitraries.of("ms", "s", "m", "h");
    }
}
