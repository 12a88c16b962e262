package io.loadlab.loadgen.run;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One table a kind makes of its finished report for the run page ({@link RunKind#tables}): kind-neutral, titled rows
 * of cells, each cell the report's own value as its JSON writes it, so a reader can match the page against
 * {@code /runs/{id}/report} exactly. A page shows every table as it is and never asks which kind made it (an iperf
 * run's directions and per-second intervals, a distributed run's agents).
 *
 * @param id      a short token for the page's element id ({@code iperf-up-seconds}): lower-case letters, digits, dashes
 * @param title   what the table shows, in words
 * @param columns each column's name; a name ending in a unit ({@code bitsPerSecond}, {@code p99Micros}) as the report's
 * @param rows    each row's cells, as many as {@code columns}; an empty cell is a figure the report does not have
 * @param plotted the columns charted against the first one (a per-second series); empty for a table without a chart
 */
public record ReportTable(String id, String title, List<String> columns, List<Row> rows, List<String> plotted) {

    private static final Pattern ID = Pattern.compile("[a-z0-9-]{1,64}");

    public ReportTable {
        Objects.requireNonNull(title, "title");
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("id must be 1 to 64 of [a-z0-9-], was " + id);
        }
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        plotted = List.copyOf(plotted);
        for (Row r : rows) {
            if (r.cells().size() != columns.size()) {
                throw new IllegalArgumentException(id + ": a row of " + r.cells().size() + " cells for " + columns.size() + " columns");
            }
        }
        if (!plotted.isEmpty() && (!columns.containsAll(plotted) || plotted.contains(columns.get(0)))) {
            throw new IllegalArgumentException(id + ": plotted " + plotted + " must be columns other than the first of " + columns);
        }
    }

    /** A table without a chart. */
    public ReportTable(String id, String title, List<String> columns, List<Row> rows) {
        this(id, title, columns, rows, List.of());
    }

    /** The values of one column, in row order. */
    public List<String> column(String name) {
        int i = columns.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException(id + " has no column " + name);
        }
        return rows.stream().map(r -> r.cells().get(i)).toList();
    }

    /** One row's cells; null values become empty cells (a figure the report does not have). */
    public record Row(List<String> cells) {

        public Row {
            cells = cells.stream().map(c -> c == null ? "" : c).toList();
        }

        /** A row of values each written as its JSON text ({@code String.valueOf}); null for none. */
        public static Row of(Object... values) {
            return new Row(java.util.Arrays.stream(values).map(v -> v == null ? null : String.valueOf(v)).toList());
        }
    }
}
