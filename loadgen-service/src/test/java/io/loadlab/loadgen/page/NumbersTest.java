package io.loadlab.loadgen.page;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NumbersTest {

    @Test
    void ratesAreWholeAndGroupedFrom100AndThreeSignificantDigitsBelow() {
        assertEquals("137,777 req/s", Numbers.perSecond(137_777.4, "req/s"));
        assertEquals("137,778 req/s", Numbers.perSecond(137_777.5, "req/s"));
        assertEquals("1,000 req/s", Numbers.perSecond(999.95, "req/s"));
        assertEquals("100 req/s", Numbers.perSecond(99.95, "req/s"), "rounds up into the whole numbers");
        assertEquals("99.9 req/s", Numbers.perSecond(99.94, "req/s"));
        assertEquals("12.5 msg/s", Numbers.perSecond(12.5, "msg/s"));
        assertEquals("0.00123 /s", Numbers.perSecond(0.0012345, "/s"));
        assertEquals("0 req/s", Numbers.perSecond(0.0, "req/s"));
        assertEquals("0 req/s", Numbers.perSecond(-0.0, "req/s"));
        assertEquals("-1,234 req/s", Numbers.perSecond(-1234.0, "req/s"));
        assertEquals("-1.50 req/s", Numbers.perSecond(-1.5, "req/s"));
        assertEquals("5 req/s", Numbers.perSecond(5.0, "req/s"));
        assertEquals("36.8 MB/s", Numbers.perSecond(36.7891, "MB/s"));
        assertEquals("12,345,678,901", Numbers.number(12_345_678_901.0));
    }

    @Test
    void missingOrNonFiniteFiguresPrintTheSameDashNeverZero() {
        for (Double v : new Double[]{null, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            assertEquals("—", Numbers.number(v));
            assertEquals("—", Numbers.perSecond(v, "req/s"));
            assertEquals("—", Numbers.percent(v));
            assertEquals("—", Numbers.percentOf(v));
            assertEquals("—", Numbers.latencyMicros(v));
            assertEquals("—", Numbers.latencyMillis(v));
            assertEquals("—", Numbers.seconds(v));
            assertEquals("—", Numbers.bytes(v));
        }
        assertEquals("—", Numbers.count(null));
        assertEquals(Numbers.NONE, Numbers.number(null));
    }

    @Test
    void latenciesPickTheirUnitAfterRounding() {
        assertEquals("0 µs", Numbers.latencyMicros(0.0));
        assertEquals("0.500 µs", Numbers.latencyMicros(0.5));
        assertEquals("1 ms", Numbers.latencyMicros(1000.0), "a whole figure prints whole");
        assertEquals("12.3 µs", Numbers.latencyMicros(12.34));
        assertEquals("250 µs", Numbers.latencyMicros(250.0));
        assertEquals("999 µs", Numbers.latencyMicros(999.4));
        assertEquals("1.00 ms", Numbers.latencyMicros(999.95), "1,000 µs is a millisecond");
        assertEquals("1.63 ms", Numbers.latencyMicros(1627.0));
        assertEquals("1.63 ms", Numbers.latencyMillis(1.627));
        assertEquals("99.9 ms", Numbers.latencyMillis(99.94));
        assertEquals("100 ms", Numbers.latencyMillis(99.95));
        assertEquals("9,999 ms", Numbers.latencyMillis(9_999.4));
        assertEquals("10.0 s", Numbers.latencyMillis(9_999.5), "10,000 ms is 10 s");
        assertEquals("125 s", Numbers.latencyMillis(125_000.0));
        assertEquals("-1.63 ms", Numbers.latencyMicros(-1627.0));
    }

    @Test
    void percentagesHaveTwoDecimalsUnder10AndSayWhenSomeRoundToNothing() {
        assertEquals("0.12 %", Numbers.percent(0.0012));
        assertEquals("0.00 %", Numbers.percent(0.0));
        assertEquals("< 0.01 %", Numbers.percent(0.00001), "some errors are not none");
        assertEquals("> -0.01 %", Numbers.percent(-0.00001));
        assertEquals("9.99 %", Numbers.percentOf(9.994));
        assertEquals("10.0 %", Numbers.percentOf(9.996));
        assertEquals("94.3 %", Numbers.percent(0.9434));
        assertEquals("100.0 %", Numbers.percent(1.0));
        assertEquals("-5.00 %", Numbers.percentOf(-5.0));
    }

    @Test
    void countsSecondsAndBytes() {
        assertEquals("0", Numbers.count(0L));
        assertEquals("1,234,567", Numbers.count(1_234_567L));
        assertEquals("-42", Numbers.count(-42L));
        assertEquals("9,223,372,036,854,775,807", Numbers.count(Long.MAX_VALUE));
        assertEquals("2.00 s", Numbers.seconds(2.0003));
        assertEquals("1,800 s", Numbers.seconds(1800.2));
        assertEquals("512 B", Numbers.bytes(512.0));
        assertEquals("1.00 kB", Numbers.bytes(999.95));
        assertEquals("36.8 MB", Numbers.bytes(36_789_123.0));
        assertEquals("1.00 GB", Numbers.bytes(999_999_999.0));
        assertEquals("5,000 TB", Numbers.bytes(5e15), "the largest unit grows whole");
        assertEquals("0 B", Numbers.bytes(0.0));
    }
}
