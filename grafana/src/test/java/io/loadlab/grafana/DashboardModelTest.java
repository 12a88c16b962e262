package io.loadlab.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The dashboard JSON models as file provisioning loads them: raw models bound to the provisioned data source. */
class DashboardModelTest {

    private static final List<Dashboard> DASHBOARDS = Dashboard.all();
    /** A series selector's label matchers: {@code metric{...}}. */
    private static final Pattern SELECTOR = Pattern.compile("[A-Za-z_:][\\w:]*\\{([^}]*)}");

    @Test
    void thereAreTheThreeDashboardsWithUniqueUids() {
        assertEquals(List.of("loadgen-service.json", "node-size-comparison.json", "target-service.json"),
                DASHBOARDS.stream().map(Dashboard::name).toList());
        Set<String> uids = new HashSet<>();
        for (Dashboard d : DASHBOARDS) {
            assertTrue(d.uid() != null && d.uid().matches("[A-Za-z0-9_-]{1,40}"), d.name() + ": uid " + d.uid());
            assertTrue(uids.add(d.uid()), d.name() + ": uid " + d.uid() + " used twice");
        }
    }

    @TestFactory
    Stream<DynamicTest> eachDashboardIsARawModel() {
        return DASHBOARDS.stream().map(d -> DynamicTest.dynamicTest(d.name(), () -> {
            JsonNode m = d.model();
            assertTrue(m.has("id") && m.get("id").isNull(), d.name() + ": \"id\" must be null for provisioning");
            assertFalse(m.has("__inputs") || m.has("__requires") || m.has("__elements"),
                    d.name() + ": import envelope (__inputs/__requires) is not provisionable");
            assertFalse(m.toString().contains("${DS_"), d.name() + ": ${DS_...} import placeholders");
            assertFalse(m.path("title").asText().isBlank(), d.name() + ": title");
            assertTrue(m.path("schemaVersion").asInt() > 30, d.name() + ": schemaVersion");
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyPanelHasIdGridPosAndTheDatasourceByUid() {
        return DASHBOARDS.stream().map(d -> DynamicTest.dynamicTest(d.name(), () -> {
            List<String> problems = new ArrayList<>();
            Set<Integer> ids = new HashSet<>();
            for (JsonNode p : d.panels()) {
                String where = "panel " + p.path("id").asText("?") + " \"" + p.path("title").asText() + "\"";
                if (!p.path("id").isInt() || !ids.add(p.path("id").asInt())) {
                    problems.add(where + ": id missing or not unique");
                }
                JsonNode g = p.path("gridPos");
                for (String f : new String[]{"h", "w", "x", "y"}) {
                    if (!g.path(f).isInt()) {
                        problems.add(where + ": gridPos." + f + " missing");
                    }
                }
                if (g.path("x").asInt() + g.path("w").asInt() > 24) {
                    problems.add(where + ": wider than the 24-column grid");
                }
                if ("row".equals(p.path("type").asText())) {
                    continue;
                }
                if (!isOurDatasource(p.path("datasource"))) {
                    problems.add(where + ": datasource must be {type: prometheus, uid: " + GrafanaDir.DATASOURCE_UID + "}");
                }
                if (p.path("targets").isEmpty()) {
                    problems.add(where + ": no targets");
                }
                for (JsonNode t : p.path("targets")) {
                    if (!isOurDatasource(t.path("datasource"))) {
                        problems.add(where + " / " + t.path("refId").asText() + ": target datasource not by uid");
                    }
                    if (t.path("expr").asText("").isBlank()) {
                        problems.add(where + " / " + t.path("refId").asText() + ": no expr");
                    }
                }
            }
            assertTrue(problems.isEmpty(), d.name() + ":\n  " + String.join("\n  ", problems));
        }));
    }

    @TestFactory
    Stream<DynamicTest> templateVariablesAreLabelValuesQueriesOnOurDatasource() {
        return DASHBOARDS.stream().map(d -> DynamicTest.dynamicTest(d.name(), () -> {
            assertFalse(d.variables().isEmpty(), d.name() + ": no template variables");
            for (Dashboard.Variable v : d.variables()) {
                assertTrue(isOurDatasource(v.node().path("datasource")), d.name() + ": $" + v.name() + " datasource");
                assertTrue(v.query().startsWith("label_values("), d.name() + ": $" + v.name() + " query " + v.query());
                assertEquals(v.query(), v.node().path("definition").asText(v.query()),
                        d.name() + ": $" + v.name() + " definition (shown) differs from the query (run)");
                if (v.includeAll()) {
                    // "All" must also match series without the label (e.g. no namespace when run locally).
                    assertEquals(".*", v.node().path("allValue").asText(), d.name() + ": $" + v.name() + " allValue");
                }
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> panelsDoNotOverlap() {
        return DASHBOARDS.stream().map(d -> DynamicTest.dynamicTest(d.name(), () -> {
            List<JsonNode> panels = d.panels();
            for (int i = 0; i < panels.size(); i++) {
                for (int j = i + 1; j < panels.size(); j++) {
                    JsonNode a = panels.get(i).path("gridPos");
                    JsonNode b = panels.get(j).path("gridPos");
                    boolean overlap = a.path("x").asInt() < b.path("x").asInt() + b.path("w").asInt()
                            && b.path("x").asInt() < a.path("x").asInt() + a.path("w").asInt()
                            && a.path("y").asInt() < b.path("y").asInt() + b.path("h").asInt()
                            && b.path("y").asInt() < a.path("y").asInt() + a.path("h").asInt();
                    assertFalse(overlap, d.name() + ": panels \"" + panels.get(i).path("title").asText() + "\" and \""
                            + panels.get(j).path("title").asText() + "\" overlap");
                }
            }
        }));
    }

    @Test
    void jvmOnlyMetersAreNamedInThePanelTitle() {
        for (Dashboard d : DASHBOARDS) {
            for (Dashboard.Query q : d.queries()) {
                if (q.expr().contains("jvm_")) {
                    assertTrue(q.panel().path("title").asText().contains("(JVM only)"),
                            q.where() + ": reads jvm_* meters, which native builds lack; say \"(JVM only)\" in the title");
                }
            }
        }
    }

    /**
     * Issue 12: the load generator dashboard splits rate, errors and saturation by the {@code agent} tag every loadgen
     * meter carries, each by-agent query honours {@code $agent} and names the agent in its legend (one line per agent).
     */
    @Test
    void loadgenDashboardShowsRateErrorsAndSaturationByAgent() {
        Dashboard d = DASHBOARDS.stream().filter(x -> "loadlab-loadgen".equals(x.uid())).findFirst().orElseThrow();
        Dashboard.Variable agent = d.variables().stream().filter(v -> v.name().equals("agent")).findFirst()
                .orElseThrow(() -> new AssertionError(d.name() + ": no $agent variable"));
        assertTrue(agent.multi() && agent.includeAll(), d.name() + ": $agent must allow several agents and All");
        assertTrue(agent.query().endsWith(", agent)"), d.name() + ": $agent lists agent values: " + agent.query());
        List<Dashboard.Query> byAgent = d.queries().stream().filter(q -> q.expr().contains("by (agent")).toList();
        for (Dashboard.Query q : byAgent) {
            Matcher selector = SELECTOR.matcher(q.expr());
            int selectors = 0;
            while (selector.find()) {
                selectors++;
                assertTrue(selector.group(1).contains("agent=~\"$agent\""),
                        q.where() + ": selector {" + selector.group(1) + "} ignores $agent");
            }
            assertTrue(selectors > 0, q.where() + ": no selector");
            assertTrue(q.target().path("legendFormat").asText().contains("{{agent}}"), q.where() + ": legend names the agent");
        }
        for (String meter : List.of("loadgen_achieved_rate", "loadgen_errors_total", "process_cpu_usage",
                "loadgen_cpu_runqueue_wait_seconds_total", "loadgen_latency_seconds_bucket")) {
            assertTrue(byAgent.stream().anyMatch(q -> q.expr().contains(meter + "{")),
                    d.name() + ": no panel shows " + meter + " by (agent)");
        }
    }

    /**
     * Issue 25: loadgen latency is a histogram, and a quantile over several loadgens is taken from their buckets added
     * ({@code histogram_quantile(q, sum by (..., le) (rate(..._bucket[...])))}), never a max or an average of
     * per-instance quantiles (the former summary's {@code max by (quantile)} was neither loadgen's figure nor both's).
     */
    @Test
    void loadgenLatencyIsAQuantileOfAddedBuckets() {
        Pattern added = Pattern.compile("^histogram_quantile\\(0\\.\\d+, sum by \\(([a-z_, ]+)\\) \\(rate\\("
                + "loadgen_latency_seconds_bucket\\{[^}]*}\\[\\$__rate_interval]\\)\\)\\)$");
        List<Dashboard.Query> latency = DASHBOARDS.stream().flatMap(d -> d.queries().stream())
                .filter(q -> q.expr().contains("loadgen_latency_seconds")).toList();
        assertFalse(latency.isEmpty(), "no panel shows loadgen_latency_seconds");
        for (Dashboard.Query q : latency) {
            Matcher m = added.matcher(q.expr());
            assertTrue(m.matches(), q.where() + ": not a quantile over added buckets: " + q.expr());
            assertTrue(List.of(m.group(1).split(",\\s*")).contains("le"), q.where() + ": buckets summed without le: " + q.expr());
        }
    }

    /**
     * Issue 23: the node-size dashboard shows any service from the kubelet's cAdvisor, chosen by namespace, then pod,
     * then container (each variable listing what the one above allows), with the series the experiments' cadvisor
     * preset reads; every cAdvisor selector honours the variables and leaves out the sandbox and pod-cgroup rows.
     */
    @Test
    void nodeSizeDashboardShowsAnyServiceFromCadvisor() {
        Dashboard d = DASHBOARDS.stream().filter(x -> x.name().equals("node-size-comparison.json")).findFirst().orElseThrow();
        List<String> names = d.variables().stream().map(Dashboard.Variable::name).toList();
        assertTrue(names.containsAll(List.of("service_namespace", "service_pod", "service_container")), d.name() + ": " + names);
        assertTrue(names.indexOf("service_namespace") < names.indexOf("service_pod")
                && names.indexOf("service_pod") < names.indexOf("service_container"), "namespace, pod, container in that order");
        for (Dashboard.Variable v : d.variables()) {
            if (v.name().startsWith("service_")) {
                assertTrue(v.query().startsWith("label_values(container_cpu_usage_seconds_total{"), v.name() + ": " + v.query());
            }
        }
        assertTrue(d.variables().stream().filter(v -> v.name().equals("service_pod")).findFirst().orElseThrow().query()
                .contains("namespace=~\"$service_namespace\""));
        assertTrue(d.variables().stream().filter(v -> v.name().equals("service_container")).findFirst().orElseThrow().query()
                .contains("pod=~\"$service_pod\""));
        List<Dashboard.Query> cadvisor = d.queries().stream().filter(q -> q.expr().contains("container_")).toList();
        for (String series : List.of("container_cpu_usage_seconds_total", "container_spec_cpu_quota", "container_spec_cpu_period",
                "container_cpu_cfs_throttled_periods_total", "container_cpu_cfs_periods_total",
                "container_network_transmit_bytes_total", "container_pressure_cpu_waiting_seconds_total")) {
            assertTrue(cadvisor.stream().anyMatch(q -> q.expr().contains(series + "{")), d.name() + ": no panel reads " + series);
        }
        for (Dashboard.Query q : cadvisor) {
            Matcher selector = SELECTOR.matcher(q.expr());
            while (selector.find()) {
                String m = selector.group(1);
                assertTrue(m.contains("namespace=~\"$service_namespace\"") && m.contains("pod=~\"$service_pod\""), q.where() + ": {" + m + "}");
                if (!q.expr().contains("container_network_")) {
                    // network counters live on the pod's sandbox row (container=""), everything else per container
                    assertTrue(m.contains("container=~\"$service_container\"") && m.contains("container!=\"\""), q.where() + ": {" + m + "}");
                }
            }
        }
    }

    /** The node row reads node-exporter's busy time on the chosen (pinned) CPUs only, as the node preset does. */
    @Test
    void nodeSizeDashboardReadsThePinnedCpusFromNodeExporter() {
        Dashboard d = DASHBOARDS.stream().filter(x -> x.name().equals("node-size-comparison.json")).findFirst().orElseThrow();
        List<Dashboard.Query> busy = d.queries().stream().filter(q -> q.expr().contains("node_cpu_seconds_total{")).toList();
        assertFalse(busy.isEmpty(), d.name() + ": no node_cpu_seconds_total panel");
        for (Dashboard.Query q : busy) {
            assertTrue(q.expr().contains("cpu=~\"$node_cpu\"") && q.expr().contains("instance=~\"$node_instance\"")
                    && q.expr().contains("mode!~\"idle|iowait\""), q.where() + ": " + q.expr());
        }
    }

    static boolean isOurDatasource(JsonNode ds) {
        return GrafanaDir.DATASOURCE_UID.equals(ds.path("uid").asText()) && GrafanaDir.DATASOURCE_TYPE.equals(ds.path("type").asText());
    }
}
