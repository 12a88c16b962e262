package io.loadlab.loadgen.mix;

import io.loadlab.loadgen.run.Violations;

import java.util.List;

/**
 * Where one placeholder's values come from: exactly one of a data file's column, an inclusive integer range, or an
 * inline list. {@code {"from": "file", "file": "ids.csv", "column": "id", "order": "sequential"}},
 * {@code {"range": [1, 100000]}}, {@code {"list": ["a", "b"]}} (or a bare JSON array).
 *
 * @param file   a data file's name: one uploaded with {@code POST /data}, or one in the allowlisted directory
 * @param column the CSV header's column to read; null for a file of one column
 * @param range  {@code [low, high]}, inclusive, at most {@link #MAX_VALUES} values
 * @param list   the values themselves
 * @param order  {@link ValueOrder#SEQUENTIAL} when not given
 */
public record ValueSpec(String file, String column, List<Long> range, List<String> list, ValueOrder order) {

    /** Rows, range or list entries one placeholder may have: a million ids is about 10 MB rendered. */
    public static final int MAX_VALUES = 1_000_000;
    /** One value's length in UTF-8 bytes: a value fills a path, a header or a body, not a file. */
    public static final int MAX_VALUE_BYTES = 8 * 1024;
    /** Placeholder names: as request names, they key tables; {@code ${name}} names one. */
    public static final String NAME_PATTERN = "[A-Za-z_][A-Za-z0-9_]{0,63}";
    /** Placeholders a run may define. */
    public static final int MAX_PLACEHOLDERS = 32;

    public ValueSpec {
        order = order == null ? ValueOrder.SEQUENTIAL : order;
        range = range == null ? null : List.copyOf(range);
        list = list == null ? null : List.copyOf(list);
    }

    public static ValueSpec file(String file, String column, ValueOrder order) {
        return new ValueSpec(file, column, null, null, order);
    }

    public static ValueSpec range(long low, long high, ValueOrder order) {
        return new ValueSpec(null, null, List.of(low, high), null, order);
    }

    public static ValueSpec list(List<String> values, ValueOrder order) {
        return new ValueSpec(null, null, null, values, order);
    }

    /** As a reader without the token sees it: an inline list is one {@code marker}; a file's name and a range are kept. */
    public ValueSpec redacted(String marker) {
        return list == null ? this : new ValueSpec(file, column, range, List.of(marker), order);
    }

    /**
     * How many integers {@code [low, high]} holds, for {@code low <= high}: {@code high - low + 1} by arithmetic that
     * cannot overflow, {@link Long#MAX_VALUE} for every range larger than that. {@code high - low} alone overflowed for
     * {@code [-9223372036854775808, 0]}, which then passed the cap and filled the loadgen's heap (issue 42).
     */
    public static long rangeSize(long low, long high) {
        if (low > high) {
            throw new IllegalArgumentException("low " + low + " exceeds high " + high);
        }
        long span = high - low; // as unsigned: exact, since the true difference is below 2^64
        return Long.compareUnsigned(span, Long.MAX_VALUE - 1) >= 0 ? Long.MAX_VALUE : span + 1;
    }

    /** Checks the shape (one source; a range's bounds; the list's size and values), fields named under {@code at}. */
    public void check(Violations v, String at) {
        int sources = (file != null ? 1 : 0) + (range != null ? 1 : 0) + (list != null ? 1 : 0);
        v.check(sources == 1, at, "must give exactly one of file, range or list");
        v.check(column == null || file != null, at + ".column", "is for a file's values only");
        if (range != null && v.check(range.size() == 2 && range.get(0) != null && range.get(1) != null, at + ".range",
                "must be [low, high]")) {
            long low = range.get(0);
            long high = range.get(1);
            v.check(low <= high, at + ".range", "low must not exceed high");
            v.check(low > high || rangeSize(low, high) <= MAX_VALUES, at + ".range", "must hold at most " + MAX_VALUES + " values");
        }
        if (list != null) {
            v.check(!list.isEmpty(), at + ".list", "must hold at least one value");
            v.check(list.size() <= MAX_VALUES, at + ".list", "must hold at most " + MAX_VALUES + " values");
            for (int i = 0; i < list.size(); i++) {
                String value = list.get(i);
                if (!v.check(value != null, at + ".list[" + i + "]", "must be a string")) {
                    break;
                }
                if (!v.check(value.getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= MAX_VALUE_BYTES,
                        at + ".list[" + i + "]", "must be at most " + MAX_VALUE_BYTES + " bytes")) {
                    break;
                }
            }
        }
    }
}
