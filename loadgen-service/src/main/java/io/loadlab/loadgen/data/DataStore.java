package io.loadlab.loadgen.data;

import io.loadlab.loadgen.job.DataDir;
import io.loadlab.loadgen.job.DataDirUnavailableException;
import io.loadlab.loadgen.mix.CsvColumn;
import io.loadlab.loadgen.mix.DataFiles;
import io.loadlab.loadgen.mix.HeapRoom;
import io.loadlab.loadgen.mix.PackedValues;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Data files: uploaded ones under {@code <loadgen.data-dir>/data}, and the allowlisted directory's
 * ({@link DirectoryFiles}). An upload is written to a temporary file beside its place and moved there in one rename,
 * so a reader sees the old file or the new, never half of one, and a full disk leaves nothing behind. Nothing is held
 * in memory: what is on disk is what there is, after a restart too.
 */
@ApplicationScoped
public class DataStore implements DataFiles {

    static final String SUBDIR = "data";
    private static final String TEMP_PREFIX = ".upload-";
    private static final int COPY_BUFFER = 64 * 1024;

    private final DataDir dataDir;
    private final Path uploads;
    private final DataConfig config;
    private final DirectoryFiles directory;
    private final ColumnCache columns = new ColumnCache();

    @Inject
    public DataStore(DataDir dataDir, DataConfig config) {
        this.dataDir = dataDir;
        this.uploads = dataDir.path().resolve(SUBDIR);
        this.config = config;
        this.directory = new DirectoryFiles(config.directory(), config.maxFileBytes());
    }

    /**
     * Keeps {@code body} as {@code name}, replacing an uploaded file of that name; reads at most
     * {@code max-file-bytes} + 1 bytes of it.
     *
     * @throws DataFileException 400 bad name, 409 a directory file's name or {@code max-files} reached, 413 too big
     * @throws DataDirUnavailableException the data dir cannot take it (full, read-only)
     */
    public DataFile save(String name, InputStream body) {
        requireName(name);
        if (directory.find(name).isPresent()) {
            throw new DataFileException(409, "'" + name + "' is a file of loadgen.data.directory, which uploads never shadow");
        }
        Path temp = uploads.resolve(TEMP_PREFIX + UUID.randomUUID());
        try {
            Files.createDirectories(uploads);
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            long bytes = copy(body, temp, sha);
            if (bytes > config.maxFileBytes()) {
                throw new DataFileException(413, "a data file may have at most " + config.maxFileBytes()
                        + " bytes (loadgen.data.max-file-bytes)");
            }
            Path target = uploads.resolve(name);
            synchronized (this) {
                if (!Files.exists(target) && uploaded().size() >= config.maxFiles()) {
                    throw new DataFileException(409, config.maxFiles()
                            + " data files are kept already (loadgen.data.max-files): delete one first");
                }
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            return new DataFile(name, bytes, Files.getLastModifiedTime(target).toInstant(),
                    HexFormat.of().formatHex(sha.digest()), DataFile.UPLOADED);
        } catch (IOException e) {
            throw new DataDirUnavailableException(dataDir.path(), reason(e));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        } finally {
            deleteQuietly(temp);
        }
    }

    /** Copies up to one byte past the cap, so an oversized body is known without reading the rest of it. */
    private long copy(InputStream body, Path temp, MessageDigest sha) throws IOException {
        long limit = config.maxFileBytes() + 1;
        long total = 0;
        byte[] buf = new byte[COPY_BUFFER];
        try (OutputStream out = new DigestOutputStream(Files.newOutputStream(temp), sha)) {
            int n;
            while (total < limit && (n = readBody(body, buf, (int) Math.min(buf.length, limit - total))) > 0) {
                out.write(buf, 0, n);
                total += n;
            }
        }
        return total;
    }

    /** A fault reading the request is the client's (it broke off, it stalled), not the disk's. */
    private static int readBody(InputStream body, byte[] buf, int len) {
        try {
            return body.read(buf, 0, len);
        } catch (IOException e) {
            throw new DataFileException(400, "the upload broke off: " + reason(e));
        }
    }

    /** Uploaded files, then the directory's, each in name order. */
    public List<DataFile> list() {
        List<DataFile> all = new ArrayList<>();
        for (Path p : uploaded()) {
            describe(p, DataFile.UPLOADED).ifPresent(all::add);
        }
        all.addAll(directory.list());
        return all;
    }

    /** The file called {@code name}, and where it is from; empty for none. */
    public Optional<DataFile> find(String name) {
        if (!DataName.valid(name)) {
            return Optional.empty();
        }
        Optional<DataFile> inDirectory = directory.find(name);
        return inDirectory.isPresent() ? inDirectory : describe(uploads.resolve(name), DataFile.UPLOADED);
    }

    @Override
    public Optional<InputStream> open(String name) throws IOException {
        if (!DataName.valid(name)) {
            return Optional.empty();
        }
        Optional<InputStream> fromDirectory = directory.open(name);
        if (fromDirectory.isPresent()) {
            return fromDirectory;
        }
        Path p = uploads.resolve(name);
        if (!Files.isRegularFile(p)) {
            return Optional.empty();
        }
        return Optional.of(new CappedInputStream(Files.newInputStream(p), config.maxFileBytes(), name));
    }

    /**
     * Read once per version of the file and shared ({@link ColumnCache}); before it is read, refused unless the heap
     * has room for twice what a file of its size packs into (its bytes and an end per two of them, at most
     * 1,000,000): the read fills arrays of that size and may trim them once.
     */
    @Override
    public Optional<PackedValues> column(String name, String column, HeapRoom room) throws IOException {
        Optional<Path> p = path(name);
        Optional<ColumnCache.Version> version = p.flatMap(ColumnCache.Version::of);
        if (version.isEmpty()) {
            return Optional.empty();
        }
        long bytes = Math.min(version.get().bytes(), config.maxFileBytes());
        return Optional.of(columns.get(name, column, version.get(), () -> {
            room.require(2 * PackedValues.heapBytes(bytes, CsvColumn.maxRows(bytes)), name);
            try (InputStream in = open(name).orElseThrow(() -> new IOException("it was deleted while read"))) {
                return CsvColumn.read(in, column, bytes);
            }
        }, p.get()));
    }

    /**
     * Deletes an uploaded file.
     *
     * @throws DataFileException 404 none, 409 a directory file (read-only)
     */
    public void delete(String name) {
        requireName(name);
        if (directory.find(name).isPresent()) {
            throw new DataFileException(409, "'" + name + "' is a file of loadgen.data.directory, which is read-only");
        }
        try {
            if (!Files.deleteIfExists(uploads.resolve(name))) {
                throw new DataFileException(404, "no data file '" + name + "'");
            }
        } catch (IOException e) {
            throw new DataDirUnavailableException(dataDir.path(), reason(e));
        }
    }

    private static void requireName(String name) {
        if (!DataName.valid(name)) {
            throw new DataFileException(400, "a data file's name must match " + DataName.PATTERN);
        }
    }

    private List<Path> uploaded() {
        if (!Files.isDirectory(uploads)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(uploads)) {
            return files.filter(p -> DataName.valid(p.getFileName().toString()) && Files.isRegularFile(p)).sorted().toList();
        } catch (IOException e) {
            throw new DataDirUnavailableException(dataDir.path(), reason(e));
        }
    }

    static Optional<DataFile> describe(Path p, String source) {
        try {
            if (!Files.isRegularFile(p)) {
                return Optional.empty();
            }
            return Optional.of(new DataFile(p.getFileName().toString(), Files.size(p),
                    Files.getLastModifiedTime(p).toInstant(), null, source));
        } catch (IOException e) {
            return Optional.empty(); // deleted while listed
        }
    }

    private static String reason(IOException e) {
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a temporary file left on a failing disk is named by the next listing's absence only; nothing to tell
        }
    }

    /** The uploaded file's path, for streaming it out; empty for a directory file or none. */
    public Optional<Path> path(String name) {
        if (!DataName.valid(name)) {
            return Optional.empty();
        }
        Optional<Path> inDirectory = directory.path(name);
        if (inDirectory.isPresent()) {
            return inDirectory;
        }
        Path p = uploads.resolve(name);
        return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
    }
}
