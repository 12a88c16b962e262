package io.loadlab.loadgen.data;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The allowlisted read-only directory ({@code loadgen.data.directory}). A name resolves to a regular file whose real
 * path lies inside the directory's real path: a ConfigMap mount's links ({@code ids.csv -> ..data/ids.csv}) stay
 * inside and are followed, a link to {@code /etc/passwd} is not there at all.
 */
final class DirectoryFiles {

    /** Files listed at most: a directory is an operator's, but a listing stays a bounded answer. */
    static final int MAX_LISTED = 1000;

    private final Optional<Path> dir;
    private final long maxBytes;

    DirectoryFiles(Optional<Path> dir, long maxBytes) {
        this.dir = dir;
        this.maxBytes = maxBytes;
    }

    /** The real path of file {@code name} inside the directory, or empty. */
    Optional<Path> path(String name) {
        if (dir.isEmpty() || !DataName.valid(name)) {
            return Optional.empty();
        }
        try {
            Path root = dir.get().toRealPath();
            Path real = root.resolve(name).toRealPath();
            return real.startsWith(root) && Files.isRegularFile(real) ? Optional.of(real) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty(); // no such file, a dangling link or no directory: none
        }
    }

    Optional<DataFile> find(String name) {
        return path(name).flatMap(p -> DataStore.describe(p, DataFile.DIRECTORY))
                .map(f -> new DataFile(name, f.bytes(), f.modified(), null, DataFile.DIRECTORY));
    }

    /** @throws IOException when the file is over {@code max-file-bytes}, before a byte is read */
    Optional<InputStream> open(String name) throws IOException {
        Optional<Path> p = path(name);
        if (p.isEmpty()) {
            return Optional.empty();
        }
        long size = Files.size(p.get());
        if (size > maxBytes) {
            throw new IOException("it is " + size + " bytes, over " + maxBytes + " (loadgen.data.max-file-bytes)");
        }
        return Optional.of(new CappedInputStream(Files.newInputStream(p.get()), maxBytes, name));
    }

    List<DataFile> list() {
        if (dir.isEmpty() || !Files.isDirectory(dir.get())) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir.get())) {
            return files.map(p -> p.getFileName().toString()).filter(DataName::valid).sorted().limit(MAX_LISTED)
                    .map(this::find).flatMap(Optional::stream).toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
