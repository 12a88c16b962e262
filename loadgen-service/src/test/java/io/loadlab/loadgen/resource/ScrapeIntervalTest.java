package io.loadlab.loadgen.resource;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class ScrapeIntervalTest {

    @Test
    void prometheusDurations() {
        assertEquals(Duration.ofSeconds(15), ScrapeInterval.parse("15s"));
        assertEquals(Duration.ofSeconds(90), ScrapeInterval.parse("1m30s"));
        assertEquals(Duration.ofMillis(500), ScrapeInterval.parse("500ms"));
        assertEquals(Duration.ofMillis(61_250), ScrapeInterval.parse("1m1s250ms"));
        assertEquals(Duration.ofDays(8), ScrapeInterval.parse("1w1d"));
        assertEquals(Duration.ofHours(1), ScrapeInterval.parse("1h"));
    }

    @Test
    void notDurations() {
        for (String bad : new String[] {null, "", "s", "15", "1s1m", "1s1s", "1x", "-1s", "1.5s", "9999999999s", "1s ".repeat(20)}) {
            assertNull(ScrapeInterval.parse(bad), bad);
        }
    }
}
