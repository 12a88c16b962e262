package io.loadlab.loadgen.resource;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PromQlTest {

    @Test
    void matchersInNameOrderEscaped() {
        assertEquals(",container=~\"app\",pod=~\"a\\\"}) or vector(1) #\"",
                PromQl.matchers(Map.of("pod", "a\"}) or vector(1) #", "container", "app"), false));
        assertEquals(",pod=~\"x\\\\d\\n\"", PromQl.matchers(Map.of("pod", "x\\d\n", "container", "app"), true));
    }

    @Test
    void coresSpelledOut() {
        assertEquals("1", PromQl.cpuRegex("1"));
        assertEquals("0|2|3|7", PromQl.cpuRegex("0,2-3,7"));
    }

    @Test
    void templatesFilled() {
        String q = PromQl.render(Preset.CADVISOR.templates(Figure.NETWORK).get(0), Map.of("namespace", "shop", "container", "app"),
                null, null, Duration.ofMillis(2500));
        assertEquals("sum by (namespace, pod) (rate(container_network_transmit_bytes_total{namespace=~\"shop\"}[2500ms]))", q);
        assertEquals("sum by (job, instance) (rate(node_cpu_seconds_total{mode!~\"idle|iowait\",cpu=~\"0|1\",instance=~\"h:9100\"}[1ms]))",
                PromQl.render(Preset.NODE.templates(Figure.CPU).get(0), Map.of("instance", "h:9100"), "0-1", "eth0", Duration.ZERO));
        assertEquals("rate(x{job=\"a\"}[3000ms])", PromQl.render("rate(x{job=\"a\"}[$__range])", Map.of(), null, null, Duration.ofSeconds(3)));
    }
}
