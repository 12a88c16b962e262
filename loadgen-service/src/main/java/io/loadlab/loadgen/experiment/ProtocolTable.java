package io.loadlab.loadgen.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The text table's "side by side" block for an experiment with a {@code protocols} axis: per target and variant, one
 * line with every protocol's requests per second and verdict, so a TLS keep-alive-off cell that is cpu-bound where
 * the plain one beside it was network-bound reads on one line. Requests per second are the median over the
 * completed repeats where the record has them (once finished), else the last cell's; the verdict is the last cell's.
 */
final class ProtocolTable {

    private ProtocolTable() {
    }

    static void sideBySide(ExperimentRecord x, StringBuilder s) {
        Map<String, Map<String, CellResult>> rows = new LinkedHashMap<>();
        for (CellResult c : x.cells()) {
            rows.computeIfAbsent(c.target() + '\u0000' + c.variant(), k -> new LinkedHashMap<>()).put(c.protocol(), c);
        }
        if (rows.isEmpty()) {
            return;
        }
        s.append("\nProtocols side by side (req/s, TLS handshakes per request, verdict):\n");
        for (Map<String, CellResult> row : rows.values()) {
            CellResult first = row.values().iterator().next();
            List<String> parts = new ArrayList<>();
            row.forEach((protocol, c) -> {
                ProtocolEvidence p = c.verdict().evidence().protocol();
                parts.add(String.format(Locale.ROOT, "%s %.1f%s %s%s", protocol, median(x, c),
                        p == null || p.tlsHandshakesPerRequest() == null ? ""
                                : String.format(Locale.ROOT, " hs/req %.2f", p.tlsHandshakesPerRequest()),
                        c.verdict().verdict(), c.verdict().trustworthy() ? "" : " (not trustworthy)"));
            });
            s.append(String.format(Locale.ROOT, "  %-12s %-24s %s%n", first.target(), first.variant(),
                    String.join(" | ", parts)));
        }
    }

    private static double median(ExperimentRecord x, CellResult c) {
        return x.stats().stream().filter(st -> st.target().equals(c.target()) && st.variant().equals(c.variant())
                        && java.util.Objects.equals(st.protocol(), c.protocol())).findFirst()
                .map(st -> st.requestsPerSecond().median()).orElse(c.requestsPerSecond());
    }
}
