package io.loadlab.loadgen.resource;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RangeSelectorsTest {

    private static String render(Preset preset, Figure figure, int choice, Map<String, String> match) {
        return PromQl.render(preset.templates(figure).get(choice), match, "1-2", "eth0", Duration.ofSeconds(300));
    }

    @Test
    void everyPresetCpuQueryGivesTheSelectorItsRateReads() {
        assertEquals(List.of("container_cpu_usage_seconds_total{container!=\"\",container!=\"POD\",pod=~\"checkout-.*\"}"),
                RangeSelectors.of(render(Preset.CADVISOR, Figure.CPU, 0, Map.of("pod", "checkout-.*"))));
        assertEquals(List.of("node_cpu_seconds_total{mode!~\"idle|iowait\",cpu=~\"1|2\",instance=~\"n:9100\"}"),
                RangeSelectors.of(render(Preset.NODE, Figure.CPU, 0, Map.of("instance", "n:9100"))));
        assertEquals(List.of("process_cpu_usage{job!=\"\",job=~\"app\"}", "system_cpu_count{job!=\"\",job=~\"app\"}"),
                RangeSelectors.of(render(Preset.PROCESS, Figure.CPU, 2, Map.of("job", "app"))));
    }

    @Test
    void bracesAndBracketsInsideQuotedValuesStayInTheirLabel() {
        assertEquals(List.of("x{a=~\"b{2}]\\\"[1m]\"}"), RangeSelectors.of("rate(x{a=~\"b{2}]\\\"[1m]\"}[3000ms])"));
        assertEquals(List.of("{__name__=\"y\"}", "z"), RangeSelectors.of("increase({__name__=\"y\"}[1m30s]) / rate(z[5m])"));
    }

    @Test
    void subqueriesAndInstantQueriesReadNoStoredRange() {
        assertEquals(List.of("x"), RangeSelectors.of("max_over_time(rate(x[1m])[5m:1s])"));
        assertEquals(List.of(), RangeSelectors.of("process_cpu_usage{job=\"a\"} * 4"));
        assertEquals(List.of(), RangeSelectors.of("vector(1)"));
        assertEquals(List.of(), RangeSelectors.of("x{a=\"unclosed"));
    }
}
