package io.loadlab.loadgen.page;

import io.quarkus.qute.TemplateData;

import java.util.List;

/**
 * A report's latency summaries side by side: one column per summary ({@code latencyMicros}, {@code serviceTimeMicros},
 * {@code rttMicros}...), one row per statistic, values in microseconds as the JSON report writes them.
 */
@TemplateData
public record LatencyTable(List<String> columns, List<Row> rows) {

    public LatencyTable {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    public boolean isEmpty() {
        return columns.isEmpty();
    }

    /** One statistic across the columns. */
    @TemplateData
    public record Row(String stat, List<String> values) {
        public Row {
            values = List.copyOf(values);
        }
    }
}
