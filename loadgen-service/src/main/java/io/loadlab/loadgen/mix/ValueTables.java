package io.loadlab.loadgen.mix;

import io.loadlab.loadgen.run.Violations;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Resolves a spec's {@code values} into {@link ValueTable}s: a range laid out, a list taken as is, a data file's
 * column read. Every fault is a violation naming its field ({@code values.id.file}), never an exception of I/O.
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
                List<String> values = new ArrayList<>((int) (high - low + 1));
                for (long x = low; x <= high; x++) {
                    values.add(Long.toString(x));
                }
                tables.put(name, new ValueTable(name, values, spec.order(), "range [" + low + ", " + high + "]"));
            } else if (spec.list() != null) {
                tables.put(name, new ValueTable(name, spec.list(), spec.order(), "list"));
            } else {
                v.add(at + ".file", "data files are not read yet"); // the data-file part of issue 32 replaces this
            }
        });
        v.throwIfAny();
        return tables;
    }
}
