package io.loadlab.loadgen.api.openapi;

import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Drops the component schemas no operation reaches. The scanner writes a component for every type a scanned class
 * names (an enum deep inside a spec), and the kinds' filter then writes the specs from their records with those types
 * inline: the scanner's copy is left over, unused, and a generated client would carry a class for it.
 */
final class UnusedSchemas {

    private UnusedSchemas() {
    }

    static void drop(OpenAPI openAPI) {
        if (openAPI.getComponents() == null || openAPI.getComponents().getSchemas() == null || openAPI.getPaths() == null) {
            return;
        }
        Map<String, Schema> components = openAPI.getComponents().getSchemas();
        Deque<Schema> todo = new ArrayDeque<>();
        for (PathItem path : openAPI.getPaths().getPathItems().values()) {
            for (Operation op : path.getOperations().values()) {
                if (op.getParameters() != null) {
                    op.getParameters().forEach(p -> add(todo, p.getSchema()));
                }
                if (op.getRequestBody() != null) {
                    content(op.getRequestBody().getContent(), todo);
                }
                if (op.getResponses() != null) {
                    for (APIResponse r : op.getResponses().getAPIResponses().values()) {
                        content(r.getContent(), todo);
                    }
                }
            }
        }
        Set<String> used = new HashSet<>();
        Set<Schema> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        while (!todo.isEmpty()) {
            Schema s = todo.pop();
            if (!seen.add(s)) {
                continue;
            }
            if (s.getRef() != null) {
                String name = s.getRef().substring(s.getRef().lastIndexOf('/') + 1);
                if (used.add(name)) {
                    add(todo, components.get(name));
                }
            }
            if (s.getProperties() != null) {
                s.getProperties().values().forEach(p -> add(todo, p));
            }
            add(todo, s.getItems());
            add(todo, s.getAdditionalPropertiesSchema());
            add(todo, s.getNot());
            for (List<Schema> list : java.util.Arrays.asList(s.getAllOf(), s.getAnyOf(), s.getOneOf())) {
                if (list != null) {
                    list.forEach(x -> add(todo, x));
                }
            }
        }
        for (String name : List.copyOf(components.keySet())) {
            if (!used.contains(name)) {
                openAPI.getComponents().removeSchema(name);
            }
        }
    }

    /** The deque takes no null: a schema's absent parts are skipped here. */
    private static void add(Deque<Schema> todo, Schema s) {
        if (s != null) {
            todo.add(s);
        }
    }

    private static void content(Content content, Deque<Schema> todo) {
        if (content != null && content.getMediaTypes() != null) {
            content.getMediaTypes().values().forEach(m -> add(todo, m.getSchema()));
        }
    }
}
