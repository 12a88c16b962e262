package io.loadlab.loadgen.mix;

import io.loadlab.loadgen.run.Violations;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Resolves a spec's {@code values} into {@link ValueTable}s: a range laid out, a list taken as is, a data file's
 * column read ({@link CsvColumn}). Every fault is a violation naming its field ({@code values.id.file}), never an
 * exception of I/O.
 */
public final class ValueTables {

    private ValueTables() {
    }

    /** @throws io.loadlab.loadgen.run.InvalidSpecException naming every value that cannot be resolved */
    public static Map<String, ValueTable> resolve(Map<String, ValueSpec> specs, DataFiles files) {
        Violations v = new Violations();
        Map<String, ValueTable> tables = new LinkedHashMap<>();
        specs.forEach((name, spec) -> {
            String at = "values." + name;
            if (spec.range() != null) {
                long low = spec.range().get(0);
                long high = spec.range().get(1);
                // the spec was checked (ValueSpec.check): at most MAX_VALUES values, so the count fits an int; counted
                // by index, as low + i, since x <= high never ends at Long.MAX_VALUE
                long size = ValueSpec.rangeSize(low, high);
                if (!v.check(size <= ValueSpec.MAX_VALUES, at + ".range", "must hold at most " + ValueSpec.MAX_VALUES + " values")) {
                    return;
                }
                int count = (int) size;
                List<String> values = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    values.add(Long.toString(low + i));
                }
                tables.put(name, new ValueTable(name, values, spec.order(), "range [" + low + ", " + high + "]"));
            } else if (spec.list() != null) {
                tables.put(name, new ValueTable(name, spec.list(), spec.order(), "list"));
            } else {
                fromFile(name, spec, files, v).ifPresent(t -> tables.put(name, t));
            }
        });
        v.throwIfAny();
        return tables;
    }

    private static Optional<ValueTable> fromFile(String name, ValueSpec spec, DataFiles files, Violations v) {
        String at = "values." + name;
        String file = spec.file();
        try {
            Optional<InputStream> opened = files.open(file);
            if (opened.isEmpty()) {
                v.add(at + ".file", "no data file '" + file + "' (upload it with POST /data/" + file
                        + ", or put it in loadgen.data.directory)");
                return Optional.empty();
            }
            try (InputStream in = opened.get()) {
                List<String> values = CsvColumn.read(in, spec.column());
                String source = "file " + file + (spec.column() == null ? "" : ", column " + spec.column());
                return Optional.of(new ValueTable(name, values, spec.order(), source));
            }
        } catch (CsvException e) {
            v.add(at + (e.aboutColumn() ? ".column" : ".file"), e.describe(file));
        } catch (IOException e) {
            v.add(at + ".file", file + " could not be read: " + e.getMessage());
        }
        return Optional.empty();
    }

    /**
     * Checks where each placeholder lands against its values: one that fills a header value may not hold CR or LF
     * (it would end the header and start another the spec never named) or another control character
     * ({@link FieldValue}). Paths and bodies take any value: the http
     * kind percent-encodes a path's values (a space arrives as {@code %20}, a tab as {@code %09}) and JSON-escapes a
     * body's inside JSON strings. The http
     * reader calls it (a 400 at {@code POST /runs}) and so does the run's start (the file may have changed since).
     *
     * @param mix    the run's effective requests ({@code HttpRunSpec.mix()}), the run's headers merged in
     * @param tables the resolved values, by placeholder
     * @throws io.loadlab.loadgen.run.InvalidSpecException naming {@code values.X} and where it lands
     */
    public static void checkUse(List<RequestSpec> mix, Map<String, ValueTable> tables) {
        Violations v = new Violations();
        boolean single = mix.size() == 1 && RequestSpec.SINGLE.equals(mix.get(0).name());
        for (int i = 0; i < mix.size(); i++) {
            RequestSpec r = mix.get(i);
            String at = single ? "" : "requests[" + i + "].";
            for (Map.Entry<String, String> h : r.headers().entrySet()) {
                for (String p : TemplateText.parse(h.getValue()).placeholders()) {
                    refuse(v, tables.get(p), at + "headers." + h.getKey());
                }
            }
        }
        v.throwIfAny();
    }

    /** Names the first value of {@code table} that may not stand in the header {@code where}. */
    private static void refuse(Violations v, ValueTable table, String where) {
        if (table == null) {
            return;
        }
        for (int i = 0; i < table.size(); i++) {
            String problem = FieldValue.problem(table.value(i));
            if (problem != null) {
                v.add("values." + table.name(), "value " + (i + 1) + " of " + table.source() + " holds " + problem
                        + ("CR or LF".equals(problem) ? ", which would end header " : ", which RFC 9110 forbids in header ")
                        + where);
                return;
            }
        }
    }
}
