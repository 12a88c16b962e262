package io.loadlab.nativeguards;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a Qute template is typed, read from its text: every top-level name an expression starts from is declared
 * ({@code {@io.loadlab.x.View page}}) or bound by a section ({@code {#for r in page.rows}}, {@code {#each}}'s
 * {@code it}, {@code {#let}}, the {@code r_index} a loop adds), and no declaration names a type the build cannot
 * generate a resolver for. Only then does Quarkus validate each expression at build time and generate its value
 * resolvers; an untyped name is looked up by reflection, which a native image does not have (the run page's
 * {@code {run.figures.headline}} answered 500 there, issue 28).
 */
final class TemplateTyping {

    /** Qute reads a tag from a brace followed by a name, a section sign, a declaration, an end or a comment. */
    private static final Pattern TAG = Pattern.compile("\\{([#/@!]?)([A-Za-z_][^{}]*|)\\}");
    /** A name an expression starts from; not a namespace ({@code inject:} beans, {@code config:}): the build checks those. */
    private static final Pattern IDENTIFIER = Pattern.compile("(?<![.\\w])(?<!\\w:)([A-Za-z_]\\w*+)(?!:)");
    private static final Pattern LITERAL = Pattern.compile("'[^']*'|\"[^\"]*\"");
    private static final Set<String> KEYWORDS = Set.of("true", "false", "null", "and", "or", "eq", "ne", "is", "gt",
            "ge", "lt", "le", "not", "in");
    /** Types a value resolver cannot be generated for: the build could check nothing behind them. */
    private static final List<String> UNTYPED = List.of("java.lang.Object", "com.fasterxml.jackson.");
    private static final Set<String> RAW_GENERICS = Set.of("java.util.List", "java.util.Map", "java.util.Collection",
            "java.util.Set", "java.lang.Iterable", "java.util.Optional");

    private TemplateTyping() {
    }

    /** What is wrong with {@code template}'s typing, one line each; empty when every name is declared and typed. */
    static List<String> problems(String name, String template) {
        Map<String, String> declared = new LinkedHashMap<>();
        Set<String> bound = new LinkedHashSet<>();
        Set<String> used = new LinkedHashSet<>();
        Matcher m = TAG.matcher(template);
        while (m.find()) {
            String kind = m.group(1);
            String body = m.group(2).strip();
            switch (kind) {
                case "@" -> declare(body, declared);
                case "#" -> section(body, bound, used);
                case "" -> names(body, used);
                default -> { } // an end tag or a comment
            }
        }
        List<String> problems = new ArrayList<>();
        for (String n : used) {
            if (!declared.containsKey(n) && !bound.contains(n) && !boundByLoop(n, bound)) {
                problems.add(name + ": {" + n + "...} is not declared: add {@<type> " + n + "} so the build types it");
            }
        }
        declared.forEach((n, type) -> {
            if (!typed(type)) {
                problems.add(name + ": {@" + type + " " + n + "} cannot be resolved without reflection: declare a"
                        + " record of the page package instead");
            }
        });
        return problems;
    }

    private static void declare(String body, Map<String, String> declared) {
        String declaration = body.contains("=") ? body.substring(0, body.indexOf('=')).strip() : body;
        int space = declaration.lastIndexOf(' ');
        if (space > 0) {
            declared.put(declaration.substring(space + 1), declaration.substring(0, space).strip());
        }
    }

    private static void section(String body, Set<String> bound, Set<String> used) {
        String[] words = body.split("\\s+", 2);
        String args = words.length > 1 ? words[1] : "";
        switch (words[0]) {
            case "for" -> {
                String[] loop = args.split("\\s+in\\s+", 2);
                bound.add(loop[0].strip());
                names(loop.length > 1 ? loop[1] : "", used);
            }
            case "each" -> {
                bound.add("it");
                names(args, used);
            }
            case "if", "when", "switch", "is", "case" -> names(args, used);
            case "else" -> names(args.startsWith("if ") ? args.substring(3) : "", used);
            case "let", "include" -> {
                for (String pair : LITERAL.matcher(args).replaceAll("''").split("\\s+")) {
                    int eq = pair.indexOf('=');
                    if (eq > 0) {
                        if (words[0].equals("let")) {
                            bound.add(pair.substring(0, eq));
                        }
                        names(pair.substring(eq + 1), used);
                    }
                }
            }
            default -> { } // insert, a named section of an include ({#title}), an end: no expression
        }
    }

    private static void names(String expression, Set<String> used) {
        Matcher m = IDENTIFIER.matcher(LITERAL.matcher(expression).replaceAll("''"));
        while (m.find()) {
            if (!KEYWORDS.contains(m.group(1))) {
                used.add(m.group(1));
            }
        }
    }

    /** {@code r_index}, {@code r_hasNext}...: the iteration metadata Qute adds for a loop variable {@code r}. */
    private static boolean boundByLoop(String name, Set<String> bound) {
        int underscore = name.lastIndexOf('_');
        return underscore > 0 && bound.contains(name.substring(0, underscore));
    }

    private static boolean typed(String type) {
        for (String part : type.split("[<>,]")) {
            String t = part.strip();
            if (t.isEmpty()) {
                continue;
            }
            if (UNTYPED.stream().anyMatch(t::startsWith) || t.equals("Object")) {
                return false;
            }
        }
        String outer = type.contains("<") ? type.substring(0, type.indexOf('<')).strip() : type.strip();
        return type.contains("<") || !RAW_GENERICS.contains(outer);
    }
}
