package io.loadlab.loadgen.mix;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A path, header value or body with its {@code ${name}} placeholders found, parsed once when a run is built:
 * literal text and placeholders in order. {@code $${} writes a literal {@code ${}. A {@code ${} without its
 * {@code }} or with a name outside {@link ValueSpec#NAME_PATTERN} is literal text, as a shell leaves it.
 *
 * @param parts literal text ({@link Part#literal}) and placeholders ({@link Part#placeholder}), in order, never two
 *              literals side by side
 */
public record TemplateText(List<Part> parts) {

    /**
     * @param text         the literal text, null for a placeholder
     * @param placeholder  the placeholder's name, null for literal text
     * @param inJsonString a placeholder inside a JSON string literal of the text before it (an odd number of
     *                     unescaped quotes precede it): its value is JSON-escaped there
     */
    public record Part(String text, String placeholder, boolean inJsonString) {
        public boolean literal() {
            return placeholder == null;
        }
    }

    public TemplateText {
        parts = List.copyOf(parts);
    }

    public static TemplateText parse(String s) {
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        boolean inString = false;
        boolean escaped = false;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '$' && s.startsWith("$${", i)) {
                literal.append("${");
                i += 3;
                continue;
            }
            int close = c == '$' && s.startsWith("${", i) ? s.indexOf('}', i + 2) : -1;
            if (close > 0 && s.substring(i + 2, close).matches(ValueSpec.NAME_PATTERN)) {
                if (!literal.isEmpty()) {
                    parts.add(new Part(literal.toString(), null, false));
                    literal.setLength(0);
                }
                parts.add(new Part(null, s.substring(i + 2, close), inString));
                i = close + 1;
                continue;
            }
            // JSON string state of the text so far: a quote not escaped by a backslash opens or closes a string
            if (escaped) {
                escaped = false;
            } else if (c == '\\' && inString) {
                escaped = true;
            } else if (c == '"') {
                inString = !inString;
            }
            literal.append(c);
            i++;
        }
        if (!literal.isEmpty()) {
            parts.add(new Part(literal.toString(), null, false));
        }
        return new TemplateText(parts);
    }

    /** The text has no placeholder: it renders to itself (with {@code $${} unescaped). */
    public boolean isStatic() {
        return parts.stream().allMatch(Part::literal);
    }

    /** The placeholders' names, each once, in order of first use. */
    public Set<String> placeholders() {
        Set<String> names = new LinkedHashSet<>();
        parts.stream().filter(p -> !p.literal()).forEach(p -> names.add(p.placeholder()));
        return names;
    }

    /** The literal text when {@link #isStatic()}. */
    public String literalText() {
        StringBuilder b = new StringBuilder();
        parts.forEach(p -> b.append(p.literal() ? p.text() : "${" + p.placeholder() + "}"));
        return b.toString();
    }
}
