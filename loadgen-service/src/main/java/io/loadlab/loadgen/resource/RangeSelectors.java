package io.loadlab.loadgen.resource;

import java.util.ArrayList;
import java.util.List;

/**
 * The series selectors a PromQL query reads over a range, {@code x{a="b"}} out of {@code rate(x{a="b"}[3000ms])}:
 * the samples a rate rests on, whose spacing the check measures. A scanner, not a parser: it reads metric names,
 * braces (skipping quoted strings, so a match regex {@code a{2}} stays inside its label) and a bracket that holds a
 * plain duration; a subquery's {@code [5m:1s]} is left out, since it resamples rather than reads stored samples.
 */
final class RangeSelectors {

    private RangeSelectors() {
    }

    /** Every {@code selector[duration]} in {@code promql}, in order; empty when there is none (an instant gauge). */
    static List<String> of(String promql) {
        List<String> out = new ArrayList<>();
        int at = 0;
        int n = promql.length();
        while (at < n) {
            char c = promql.charAt(at);
            if (c == '"' || c == '\'' || c == '`') {
                at = skipString(promql, at);
            } else if (nameStart(c) || c == '{') {
                int start = at;
                while (at < n && namePart(promql.charAt(at))) {
                    at++;
                }
                if (at < n && promql.charAt(at) == '{') {
                    at = closingBrace(promql, at);
                }
                int close = at < n && promql.charAt(at) == '[' ? promql.indexOf(']', at) : -1;
                if (close > at && promql.substring(at + 1, close).matches("[0-9a-z]+")) {
                    out.add(promql.substring(start, at));
                    at = close + 1;
                }
                at = Math.max(at, start + 1);
            } else {
                at++;
            }
        }
        return List.copyOf(out);
    }

    private static boolean nameStart(char c) {
        return Character.isLetter(c) || c == '_' || c == ':';
    }

    private static boolean namePart(char c) {
        return nameStart(c) || Character.isDigit(c);
    }

    /** The index after the {@code }} closing the brace at {@code open}, quoted strings skipped; the end when unclosed. */
    private static int closingBrace(String q, int open) {
        int at = open + 1;
        while (at < q.length() && q.charAt(at) != '}') {
            char c = q.charAt(at);
            at = c == '"' || c == '\'' || c == '`' ? skipString(q, at) : at + 1;
        }
        return Math.min(at + 1, q.length());
    }

    /** The index after the string opened at {@code open}; backslash escapes except in backquotes, as PromQL has them. */
    private static int skipString(String q, int open) {
        char quote = q.charAt(open);
        int at = open + 1;
        while (at < q.length() && q.charAt(at) != quote) {
            at += quote != '`' && q.charAt(at) == '\\' ? 2 : 1;
        }
        return Math.min(at + 1, q.length());
    }
}
