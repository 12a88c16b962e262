package io.loadlab.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A dashboard JSON model as Grafana stores it, and the parts the tests check: panels (rows' nested
 * panels included), their PromQL targets and the template variables.
 */
record Dashboard(Path file, JsonNode model) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A query a panel runs: {@code where} names dashboard, panel and refId for failure messages. */
    record Query(String where, JsonNode panel, JsonNode target, String expr) {
    }

    /** A query-type template variable: {@code label_values(...)} and friends. */
    record Variable(String name, String query, boolean multi, boolean includeAll, JsonNode node) {
    }

    static List<Dashboard> all() {
        try (Stream<Path> files = Files.list(GrafanaDir.dashboards())) {
            return files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().map(Dashboard::read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Dashboard read(Path file) {
        try {
            return new Dashboard(file, JSON.readTree(file.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable dashboard " + file, e);
        }
    }

    String name() {
        return file.getFileName().toString();
    }

    String uid() {
        return model.path("uid").asText(null);
    }

    /** Every panel, those nested in collapsed rows included. */
    List<JsonNode> panels() {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode p : model.path("panels")) {
            out.add(p);
            p.path("panels").forEach(out::add);
        }
        return out;
    }

    /** Panels that show data (rows only group them). */
    List<JsonNode> dataPanels() {
        return panels().stream().filter(p -> !"row".equals(p.path("type").asText())).toList();
    }

    List<Query> queries() {
        List<Query> out = new ArrayList<>();
        for (JsonNode p : dataPanels()) {
            for (JsonNode t : p.path("targets")) {
                String where = name() + " / panel " + p.path("id").asText() + " \"" + p.path("title").asText() + "\" / "
                        + t.path("refId").asText("?");
                out.add(new Query(where, p, t, t.path("expr").asText("")));
            }
        }
        // Annotations from Prometheus are queries too (experiment cells): every expression is proven.
        for (JsonNode a : model.path("annotations").path("list")) {
            if ("prometheus".equals(a.path("datasource").path("type").asText())) {
                out.add(new Query(name() + " / annotation \"" + a.path("name").asText() + "\"", a, a, a.path("expr").asText("")));
            }
        }
        return out;
    }

    List<Variable> variables() {
        List<Variable> out = new ArrayList<>();
        for (JsonNode v : model.path("templating").path("list")) {
            if ("query".equals(v.path("type").asText())) {
                JsonNode q = v.path("query");
                String query = q.isTextual() ? q.asText() : q.path("query").asText(v.path("definition").asText(""));
                out.add(new Variable(v.path("name").asText(), query, v.path("multi").asBoolean(),
                        v.path("includeAll").asBoolean(), v));
            }
        }
        return out;
    }
}
