package io.loadlab.loadgen.data;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.job.DataDir;
import io.loadlab.loadgen.mix.HeapRoom;
import io.loadlab.loadgen.mix.PackedValues;
import io.loadlab.loadgen.mix.ValueSpec;
import io.loadlab.loadgen.mix.ValueTable;
import io.loadlab.loadgen.mix.ValueTables;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.Violation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A data file's column read once per version and shared: by two placeholders of a spec, by two runs, by a
 * directory file's readers, never across versions; and refused before it is read when the heap has no room for it.
 */
class ColumnCacheTest {

    static final HeapRoom AMPLE = need -> Long.MAX_VALUE;

    @TempDir
    Path tmp;

    private DataStore store(Path directory) {
        DataConfig config = new DataConfig() {
            public long maxFileBytes() {
                return 1 << 20;
            }

            public int maxFiles() {
                return 10;
            }

            public Optional<Path> directory() {
                return Optional.ofNullable(directory);
            }
        };
        return new DataStore(new DataDir(tmp.resolve("dir"), new ObjectMapper()), config);
    }

    private static void upload(DataStore store, String name, String csv) {
        store.save(name, new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)));
    }

    private static Map<String, ValueSpec> onFile(String file, String... placeholders) {
        Map<String, ValueSpec> specs = new LinkedHashMap<>();
        for (String p : placeholders) {
            specs.put(p, ValueSpec.file(file, "id", null));
        }
        return specs;
    }

    @Test
    void twoPlaceholdersAndTwoRunsOnOneVersionShareOneInstanceAndANewVersionDoesNot() throws Exception {
        DataStore store = store(null);
        upload(store, "ids.csv", "name,id\na,10\nb,ünï\nc,\"x,y\"\n");
        Map<String, ValueTable> run1 = ValueTables.resolve(onFile("ids.csv", "a", "b"), store, AMPLE);
        PackedValues values = run1.get("a").values();
        assertEquals(List.of("10", "ünï", "x,y"), values.toList());
        assertSame(values, run1.get("b").values(), "two placeholders on one file");
        Map<String, ValueTable> run2 = ValueTables.resolve(onFile("ids.csv", "c"), store, AMPLE);
        assertSame(values, run2.get("c").values(), "a second run on the same version");
        assertEquals("a", ValueTables.resolve(Map.of("n", ValueSpec.file("ids.csv", "name", null)), store, AMPLE)
                .get("n").value(0), "another column is values of its own");

        upload(store, "ids.csv", "name,id\na,20\n"); // replaced: a new version
        PackedValues replaced = ValueTables.resolve(onFile("ids.csv", "a"), store, AMPLE).get("a").values();
        assertNotSame(values, replaced);
        assertEquals(List.of("20"), replaced.toList());
        assertEquals(List.of("10", "ünï", "x,y"), values.toList(), "the old run's values stay as they were read");
    }

    @Test
    void aDirectoryFileIsSharedUntilItChanges() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("configmap"));
        Files.writeString(dir.resolve("ids.csv"), "id\n1\n2\n");
        DataStore store = store(dir);
        PackedValues first = ValueTables.resolve(onFile("ids.csv", "a"), store, AMPLE).get("a").values();
        assertSame(first, ValueTables.resolve(onFile("ids.csv", "b"), store, AMPLE).get("b").values());
        Files.writeString(dir.resolve("ids.csv"), "id\n3\n4\n5\n"); // same inode, another size
        PackedValues changed = ValueTables.resolve(onFile("ids.csv", "a"), store, AMPLE).get("a").values();
        assertNotSame(first, changed);
        assertEquals(List.of("3", "4", "5"), changed.toList());
    }

    /**
     * No room: the file is refused naming its placeholder's {@code file}, before a byte of it is read; once another
     * holder has its values, they cost nothing and are given however little room is left.
     */
    @Test
    void valuesWithoutRoomAreRefusedNamingTheFieldUnlessHeldAlready() throws Exception {
        DataStore store = store(null);
        upload(store, "ids.csv", "id\n1\n2\n3\n");
        long[] asked = new long[1];
        HeapRoom none = need -> {
            asked[0] = need;
            return 0;
        };
        InvalidSpecException e = assertThrows(InvalidSpecException.class,
                () -> ValueTables.resolve(onFile("ids.csv", "a"), store, none));
        Violation v = e.violations().get(0);
        assertEquals(List.of("values.a.file"), e.violations().stream().map(Violation::field).toList());
        assertTrue(v.message().startsWith("ids.csv needs up to "), v.message());
        assertTrue(v.message().contains("MB of heap"), v.message());
        // twice the bound of a 9-byte file: its bytes and an end per two of them
        assertEquals(2 * PackedValues.heapBytes(9, 5), asked[0]);

        Map<String, ValueTable> held = ValueTables.resolve(onFile("ids.csv", "a"), store, AMPLE);
        assertSame(held.get("a").values(), ValueTables.resolve(onFile("ids.csv", "b"), store, none).get("b").values());
    }

    @Test
    void aRangeOrAListWithoutRoomIsRefusedNamingItsField() {
        HeapRoom none = need -> 0;
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> ValueTables.resolve(
                Map.of("r", ValueSpec.range(1, 10, null)), null, none));
        assertEquals("values.r.range", e.violations().get(0).field());
        e = assertThrows(InvalidSpecException.class, () -> ValueTables.resolve(
                Map.of("l", ValueSpec.list(List.of("a"), null)), null, none));
        assertEquals("values.l.list", e.violations().get(0).field());
        HeapRoom exact = need -> need;
        assertEquals(List.of("-2", "-1", "0", "1"),
                ValueTables.resolve(Map.of("r", ValueSpec.range(-2, 1, null)), null, exact).get("r").values().toList());
    }
}
