package io.loadlab.loadgen.scrape;

import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The one reader of Prometheus text, for both the experiment and the UDP paths. */
class PrometheusTextTest {

    private static final String TEXT = """
            # HELP target_udp_received_total Datagrams received
            # TYPE target_udp_received_total counter
            target_udp_received_total{application="target",kind="ping"} 3.0
            target_udp_received_total{application="target",path="a} b"} 4.0 1700000000000
            target_udp_received_total_created 1.7E9
            process_cpu_usage NaN
            process_cpu_usage{x="y"} 0.25
            up 1.5
            """;

    @Test
    void sumsEverySampleOfTheNameAndOnlyThatName() {
        assertEquals(OptionalLong.of(7), PrometheusText.sum(TEXT, "target_udp_received_total"),
                "labels with a quoted brace count; a timestamp is not the value; _created is another name");
        assertEquals(OptionalLong.empty(), PrometheusText.sum(TEXT, "target_udp_lost_total"));
    }

    @Test
    void firstFiniteSample() {
        assertEquals(OptionalDouble.of(0.25), PrometheusText.first(TEXT, "process_cpu_usage"), "NaN skipped");
        assertEquals(OptionalDouble.of(1.5), PrometheusText.first(TEXT, "up"));
        assertEquals(OptionalDouble.empty(), PrometheusText.first("upper 1\n", "up"));
        assertEquals(OptionalDouble.empty(), PrometheusText.first("up{a=\"never closed 1\n", "up"));
    }
}
