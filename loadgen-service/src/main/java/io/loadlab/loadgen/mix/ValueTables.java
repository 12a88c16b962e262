package io.loadlab.loadgen.mix;

import io.loadlab.loadgen.run.Violations;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Resolves a spec's {@code values} into {@link ValueTable}s, packed ({@link PackedValues}): a range laid out, a list
 * taken as is, a data file's column read ({@link DataFiles#column}). Every fault is a violation naming its field
 * ({@code values.id.file}), never an exception of I/O, nor an {@link OutOfMemoryError}: values that would not fit in
 * the heap ({@link HeapRoom}) are refused before they are built.
 */
public final class ValueTables {

    private ValueTables() {
    }

    /** As {@link #resolve(Map, DataFiles, HeapRoom)} in this JVM's heap. */
    public static Map<String, ValueTable> resolve(Map<String, ValueSpec> specs, DataFiles files) {
        return resolve(specs, files, HeapRoom.RUNTIME);
    }

    /**
     * @param room what the heap can still take: each placeholder's values are refused before they are built when
     *             they would not fit (a data file's that another placeholder or run holds already cost nothing)
     * @throws io.loadlab.loadgen.run.InvalidSpecException naming every value that cannot be resolved
     */
    public static Map<String, ValueTable> resolve(Map<String, ValueSpec> specs, DataFiles files, HeapRoom room) {
        Violations v = new Violations();
        Map<String, ValueTable> tables = new LinkedHashMap<>();
        specs.forEach((name, spec) -> {
            String at = "values." + name;
            try {
                if (spec.range() != null) {
                    range(spec, at, v, room).ifPresent(values -> tables.put(name, new ValueTable(name, values, spec.order(),
                            "range [" + spec.range().get(0) + ", " + spec.range().get(1) + "]")));
                } else if (spec.list() != null) {
                    room.require(listBytes(spec.list()), "the list");
                    tables.put(name, new ValueTable(name, PackedValues.of(spec.list()), spec.order(), "list"));
                } else {
                    fromFile(name, spec, files, room, v).ifPresent(t -> tables.put(name, t));
                }
            } catch (HeapRoom.Refused e) {
                v.add(at + (spec.range() != null ? ".range" : spec.list() != null ? ".list" : ".file"), e.getMessage());
            }
        });
        v.throwIfAny();
        return tables;
    }

    private static Optional<PackedValues> range(ValueSpec spec, String at, Violations v, HeapRoom room) {
        long low = spec.range().get(0);
        long high = spec.range().get(1);
        // the spec was checked (ValueSpec.check): at most MAX_VALUES values, so the count fits an int; counted
        // by index, as low + i, since x <= high never ends at Long.MAX_VALUE
        long size = ValueSpec.rangeSize(low, high);
        if (!v.check(size <= ValueSpec.MAX_VALUES, at + ".range", "must hold at most " + ValueSpec.MAX_VALUES + " values")) {
            return Optional.empty();
        }
        int count = (int) size;
        long bytes = 0;
        for (int i = 0; i < count; i++) {
            bytes += decimalLength(low + i);
        }
        room.require(PackedValues.heapBytes(bytes, count), "the range");
        PackedValues.Builder values = new PackedValues.Builder((int) bytes, count);
        for (int i = 0; i < count; i++) {
            values.append(Long.toString(low + i)).end();
        }
        return Optional.of(values.build());
    }

    /** {@code Long.toString(x).length()}, without the string. */
    static int decimalLength(long x) {
        if (x < 0) {
            return x == Long.MIN_VALUE ? 20 : 1 + decimalLength(-x);
        }
        int n = 1;
        for (long p = 10; n < 19 && x >= p; p *= 10) {
            n++;
        }
        return n;
    }

    private static long listBytes(List<String> list) {
        long bytes = 0;
        for (String s : list) {
            bytes += PackedValues.utf8Length(s);
        }
        return PackedValues.heapBytes(bytes, list.size());
    }

    private static Optional<ValueTable> fromFile(String name, ValueSpec spec, DataFiles files, HeapRoom room,
                                                 Violations v) {
        String at = "values." + name;
        String file = spec.file();
        try {
            Optional<PackedValues> values = files.column(file, spec.column(), room);
            if (values.isEmpty()) {
                v.add(at + ".file", "no data file '" + file + "' (upload it with POST /data/" + file
                        + ", or put it in loadgen.data.directory)");
                return Optional.empty();
            }
            String source = "file " + file + (spec.column() == null ? "" : ", column " + spec.column());
            return Optional.of(new ValueTable(name, values.get(), spec.order(), source));
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
        PackedValues values = table.values();
        for (int i = 0; i < table.size(); i++) {
            String problem = FieldValue.problem(values.array(), values.start(i), values.start(i) + values.length(i));
            if (problem != null) {
                v.add("values." + table.name(), "value " + (i + 1) + " of " + table.source() + " holds " + problem
                        + ("CR or LF".equals(problem) ? ", which would end header " : ", which RFC 9110 forbids in header ")
                        + where);
                return;
            }
        }
    }
}
