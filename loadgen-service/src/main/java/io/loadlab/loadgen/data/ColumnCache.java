package io.loadlab.loadgen.data;

import io.loadlab.loadgen.mix.PackedValues;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The values of data files' columns as read, one instance per column of a file's version, held weakly: every
 * placeholder and run that reads it while any holds it shares it (8 placeholders on one 1,000,000-row file held 8
 * copies of 100 MB each, issue 42), and it goes with the last of them, so the cache is bounded by what runs hold.
 * A version is the file's real path, identity (device and inode), size and modification time: an upload replaces
 * a file by a rename (a new inode), a ConfigMap update by a new real path.
 */
final class ColumnCache {

    /** A file's version: its real path, identity, size and modification time, as they were when looked at. */
    record Version(String realPath, Object fileKey, long bytes, long modifiedNanos) {

        /** The file's version now; empty when it is gone. */
        static Optional<Version> of(Path p) {
            try {
                Path real = p.toRealPath();
                BasicFileAttributes a = Files.readAttributes(real, BasicFileAttributes.class);
                return Optional.of(new Version(real.toString(), a.fileKey(), a.size(),
                        a.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS)));
            } catch (IOException e) {
                return Optional.empty();
            }
        }
    }

    private record Key(String name, String column, Version version) {
    }

    /** Reads a column; may throw what its reading throws. */
    interface Read {
        PackedValues read() throws IOException;
    }

    private final Map<Key, WeakReference<PackedValues>> columns = new HashMap<>();

    /**
     * The values of {@code column} of file {@code name} at {@code version}: those held already, else {@code read}'s,
     * kept when the file is still at {@code version} once read ({@code current}). One read at a time, so the heap
     * each one checks it has room in holds the values read before it.
     */
    synchronized PackedValues get(String name, String column, Version version, Read read, Path current)
            throws IOException {
        columns.values().removeIf(ref -> ref.get() == null);
        Key key = new Key(name, column, version);
        WeakReference<PackedValues> held = columns.get(key);
        PackedValues values = held == null ? null : held.get();
        if (values != null) {
            return values;
        }
        values = read.read();
        if (Version.of(current).filter(version::equals).isPresent()) {
            columns.put(key, new WeakReference<>(values));
        }
        return values;
    }

    /** Columns held now (tests). */
    synchronized int size() {
        columns.values().removeIf(ref -> ref.get() == null);
        return columns.size();
    }
}
