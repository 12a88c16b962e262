package io.loadlab.loadgen.resource;

import io.loadlab.loadgen.run.Violation;
import io.loadlab.loadgen.run.Violations;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ResourceSpecTest {

    private static final String AT = "targets[0].resources.";

    private static ResourceSpec prometheus(String url, String preset, Map<String, String> match, String cpus, String device,
                                           Map<String, String> queries, Duration timeout) {
        return new ResourceSpec("prometheus", url == null ? null : URI.create(url), preset, match, cpus, device, queries, timeout);
    }

    private static List<String> fields(ResourceSpec spec) {
        Violations v = new Violations();
        spec.check(v, AT);
        return v.list().stream().map(Violation::field).toList();
    }

    @Test
    void goodSpecsPass() {
        assertEquals(List.of(), fields(ResourceSpec.DEFAULT));
        assertEquals(List.of(), fields(prometheus("http://prometheus:9090", "cadvisor",
                Map.of("namespace", "shop", "pod", "checkout-.*", "container", "app"), null, null, null, null)));
        assertEquals(List.of(), fields(prometheus("http://127.0.0.1:9090/prom", "node", Map.of("instance", "10.200.7.2:9100"),
                "0,2-3", "lgexp-t", null, Duration.ofMillis(100))));
        assertEquals(List.of(), fields(prometheus("http://[::1]:9090", "custom", null, null, null,
                Map.of("cpu", "rate(x[$__range])", "network", "rate(y[$__range])"), Duration.ofSeconds(30))));
        assertEquals(List.of(), fields(prometheus("http://p:9090", "process", Map.of("job", "app"), null, null,
                Map.of("wait", "rate(w[$__range])"), null)));
    }

    @Test
    void unknownSourceAndBuiltinWithPrometheusFields() {
        assertEquals(List.of(AT + "source"), fields(new ResourceSpec("graphite", null, null, null, null, null, null, null)));
        assertEquals(List.of(AT + "source"), fields(new ResourceSpec("builtin", URI.create("http://p:9090"), null, null, null, null, null, null)));
    }

    @Test
    void urlMustBePlainHttpWithAHost() {
        assertEquals(List.of(AT + "url"), fields(prometheus(null, "process", null, null, null, null, null)));
        for (String bad : List.of("https://p:9090", "ftp://p", "http:///api", "http://u:pw@p:9090", "http://p:9090/?x=1",
                "http://p:9090/#f", "p:9090", "/api/v1")) {
            assertEquals(List.of(AT + "url"), fields(prometheus(bad, "process", null, null, null, null, null)), bad);
        }
        assertEquals(List.of(AT + "url"), fields(prometheus("http://p:9090/" + "a".repeat(2100), "process", null, null, null, null, null)));
    }

    @Test
    void presetRequiredAndKnown() {
        assertEquals(List.of(AT + "preset"), fields(prometheus("http://p:9090", null, null, null, null, null, null)));
        assertEquals(List.of(AT + "preset"), fields(prometheus("http://p:9090", "kubelet", null, null, null, null, null)));
    }

    @Test
    void matchNamesEachBadLabel() {
        Map<String, String> match = new LinkedHashMap<>();
        match.put("pod", "checkout-(");
        match.put("1abc", "x");
        match.put("namespace", "y".repeat(257));
        match.put("container", "app");
        assertEquals(Set.of(AT + "match.pod", AT + "match.1abc", AT + "match.namespace"), Set.copyOf(fields(prometheus("http://p:9090", "cadvisor", match, null, null, null, null))));

        Map<String, String> many = new LinkedHashMap<>();
        for (int i = 0; i < 17; i++) {
            many.put("l" + i, "x");
        }
        assertEquals(List.of(AT + "match"), fields(prometheus("http://p:9090", "cadvisor", many, null, null, null, null)));
        Map<String, String> sixteen = new LinkedHashMap<>(many);
        sixteen.remove("l0");
        assertEquals(List.of(), fields(prometheus("http://p:9090", "cadvisor", sixteen, null, null, null, null)));
    }

    @Test
    void nodeNeedsItsCoresInLinuxForm() {
        assertEquals(List.of(AT + "cpus"), fields(prometheus("http://p:9090", "node", null, null, null, null, null)));
        for (String good : List.of("0", "1023", "2-3", "0,2-3,7", "0-1023")) {
            assertEquals(List.of(), fields(prometheus("http://p:9090", "node", null, good, null, null, null)), good);
        }
        for (String bad : List.of("", "a", "1-", "3-2", "1024", "0-1024", "1,,2", " 1", "0-1023,0", "1".repeat(300), "-1")) {
            assertEquals(List.of(AT + "cpus"), fields(prometheus("http://p:9090", "node", null, bad, null, null, null)), bad);
        }
    }

    @Test
    void deviceBounded() {
        for (String bad : List.of("", "eth 0", "eth0;rm", "a".repeat(65), "eth\"0")) {
            assertEquals(List.of(AT + "device"), fields(prometheus("http://p:9090", "node", null, "1", bad, null, null)), bad);
        }
        assertEquals(List.of(), fields(prometheus("http://p:9090", "node", null, "1", "veth@if3:a-b_c.d", null, null)));
    }

    @Test
    void queriesAreFiguresBoundedAndCustomNeedsCpu() {
        assertEquals(List.of(AT + "queries.cpu"), fields(prometheus("http://p:9090", "custom", null, null, null, Map.of("wait", "w"), null)));
        assertEquals(Set.of(AT + "queries.memory", AT + "queries.wait", AT + "queries.network"), Set.copyOf(fields(prometheus("http://p:9090", "custom", null, null, null,
                Map.of("cpu", "c", "memory", "m", "wait", "x".repeat(2049), "network", " "), null))));
        assertEquals(List.of(), fields(prometheus("http://p:9090", "process", null, null, null, Map.of("cpu", "x".repeat(2048)), null)));
    }

    @Test
    void timeoutBetween100msAnd30s() {
        assertEquals(List.of(AT + "timeout"), fields(prometheus("http://p:9090", "process", null, null, null, null, Duration.ofMillis(99))));
        assertEquals(List.of(AT + "timeout"), fields(prometheus("http://p:9090", "process", null, null, null, null, Duration.ofMillis(30_001))));
        assertEquals(Duration.ofSeconds(2), new ResourceSpec("prometheus", null, null, null, null, null, null, null).timeout());
    }

    @Test
    void everyBadFieldAtOnce() {
        assertEquals(Set.of(AT + "url", AT + "match.pod", AT + "cpus", AT + "device", AT + "queries.mem", AT + "timeout"), Set.copyOf(fields(prometheus("ftp://p", "node", Map.of("pod", "("), "x", "a b", Map.of("mem", "x"), Duration.ZERO))));
    }
}
