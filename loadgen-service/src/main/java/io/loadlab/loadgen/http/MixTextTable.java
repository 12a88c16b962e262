package io.loadlab.loadgen.http;

import io.loadlab.loadgen.report.LatencySummary;

import java.util.List;
import java.util.Locale;

/**
 * The wrk text's table of a request mix, one row per name under the totals: wrk prints none (its Lua
 * {@code request()} mixes, but counts only the whole), so the columns are ours, in wrk's units. The name column is
 * as wide as the longest name (names are at most 64 characters), so the rows stay aligned for {@code column -t}
 * and eyes alike.
 */
final class MixTextTable {

    private MixTextTable() {
    }

    /** The table, or nothing for a run without a mix. */
    static String render(List<RequestReport> mix) {
        if (mix == null || mix.isEmpty()) {
            return "";
        }
        int width = Math.max("Name".length(), mix.stream().mapToInt(r -> r.name().length()).max().orElse(0));
        String row = "    %-" + width + "s %6s %10s %10s %7s %9s %9s %9s%n";
        StringBuilder out = new StringBuilder("  Requests by name\n");
        out.append(String.format(Locale.ROOT, row, "Name", "Weight", "Requests", "Req/Sec", "Errors", "p50", "p99", "Max"));
        for (RequestReport r : mix) {
            LatencySummary lat = r.latencyMicros() == null ? LatencySummary.EMPTY : r.latencyMicros();
            out.append(String.format(Locale.ROOT, row, r.name(), r.weight(), r.requests(),
                    String.format(Locale.ROOT, "%.2f", r.requestsPerSecond()), r.errors().total(),
                    WrkUnits.timeMicros(lat.p50()), WrkUnits.timeMicros(lat.p99()), WrkUnits.timeMicros(lat.max())));
        }
        return out.toString();
    }
}
