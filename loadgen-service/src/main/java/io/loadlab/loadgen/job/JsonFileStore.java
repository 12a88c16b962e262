package io.loadlab.loadgen.job;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * One JSON file per record under a directory, named {@code <id>.json}, ids in {@link JobIds#FORMAT} so
 * names sort by creation. Writes are atomic (temp file in the same directory, fsync, rename, fsync of
 * the directory), so a crash leaves either the old record or the new one, never half of one; a failed
 * write removes its temp file. A record {@link #save saved} while the directory cannot take it (full,
 * read-only) is kept in memory, served by {@link #read}, and written by the next write or {@link #flush}.
 * Unreadable and foreign files are skipped with a warning. Runs and experiments are both kept this way.
 *
 * @param <T> the immutable record kept
 */
public final class JsonFileStore<T> {

    private static final Logger LOG = Logger.getLogger(JsonFileStore.class);
    private static final String SUFFIX = ".json";
    private static final String TEMP = ".tmp";

    private final Path dir;
    private final Path root;
    private final ObjectMapper mapper;
    private final Class<T> type;
    private final Function<T, String> idOf;
    private final String what;
    /**
     * Guarded by {@code this}: records not yet on disk, by id, only the newest version of each, with the JSON
     * written when it was saved (so the value reaching Jackson keeps its type: NativeReadinessTest traces it).
     */
    private final TreeMap<String, Pending<T>> pending = new TreeMap<>();
    /** Guarded by {@code this}: why the last write failed, while any record is pending; else null. */
    private String failure;
    /** Guarded by {@code this}: why the directory could not be listed at startup, or null. */
    private String listFailure;

    /**
     * @param root the data dir that {@code dir} is part of, named when it refuses a record
     * @param what names a record in messages: "run", "experiment"
     */
    public JsonFileStore(Path dir, Path root, ObjectMapper mapper, Class<T> type, Function<T, String> idOf, String what) {
        this.dir = dir;
        this.root = root;
        this.mapper = mapper;
        this.type = type;
        this.idOf = idOf;
        this.what = what;
    }

    public Path dir() {
        return dir;
    }

    /**
     * Writes {@code record} now, after any pending ones, or not at all: for a record whose job must not
     * start unless it is on disk.
     *
     * @throws DataDirUnavailableException when it, or a record written before it, cannot be written
     */
    public synchronized void write(T record) {
        if (!flush()) {
            throw new DataDirUnavailableException(root, pendingProblem().orElse(failure));
        }
        try {
            writeFile(idOf.apply(record), json(record));
        } catch (IOException e) {
            throw new DataDirUnavailableException(root, problem(e));
        }
    }

    /**
     * Writes {@code record}, or keeps it in memory until the directory takes it: for a record that must
     * never be lost (a finished report). Never throws for the directory's sake.
     */
    public synchronized void save(T record) {
        try {
            pending.put(idOf.apply(record), new Pending<>(record, json(record)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + what + " " + idOf.apply(record) + " as JSON", e);
        }
        flush();
    }

    /** Writes the pending records, oldest first, stopping at the first failure; true when none is left. */
    public synchronized boolean flush() {
        int before = pending.size();
        while (!pending.isEmpty()) {
            var first = pending.firstEntry();
            try {
                writeFile(first.getKey(), first.getValue().json());
            } catch (IOException e) {
                String why = problem(e);
                if (!why.equals(failure)) {
                    LOG.errorf("Cannot persist %s %s: %s; %d %s record(s) kept in memory and retried", what,
                            first.getKey(), why, pending.size(), what);
                }
                failure = why;
                return false;
            }
            pending.remove(first.getKey());
        }
        if (failure != null) {
            LOG.infof("%s persisted %d %s record(s) kept in memory", dir, before, what);
            failure = null;
        }
        return true;
    }

    /** Why records are kept in memory, and which: "No space left on device; 1 run record(s) kept ..."; empty when none is. */
    public synchronized Optional<String> pendingProblem() {
        if (pending.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(failure + "; " + pending.size() + " " + what + " record(s) kept in memory until written: "
                + pending.keySet());
    }

    /** Why the directory could not be read at startup; empty when it could. */
    public synchronized Optional<String> listProblem() {
        return Optional.ofNullable(listFailure);
    }

    /**
     * The record under {@code id}, kept in memory or on disk; empty if there is none or it cannot be read. The file is
     * read and parsed outside this store's lock, which {@link #save} needs at each step of a job: files are only ever
     * replaced by an atomic rename, so a reader sees a whole record, the old one or the new.
     */
    public Optional<T> read(String id) {
        if (!JobIds.valid(id)) {
            return Optional.empty();
        }
        synchronized (this) {
            Pending<T> kept = pending.get(id);
            if (kept != null) {
                return Optional.of(kept.record());
            }
        }
        Path f = file(id);
        return Files.isRegularFile(f) ? parse(f) : Optional.empty();
    }

    /**
     * How many records the directory holds (files named as records; not parsed), and those not yet written: what a
     * list that shows only the newest in memory is a part of. 0 when it cannot be listed.
     */
    public synchronized int count() {
        int onDisk = 0;
        int pendingOnly = 0;
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) {
                    String name = p.getFileName().toString();
                    if (name.endsWith(SUFFIX) && !name.startsWith(".") && JobIds.valid(idOf(p))) {
                        onDisk++;
                    }
                }
            } catch (IOException | RuntimeException e) {
                return 0;
            }
        }
        for (String id : pending.keySet()) {
            if (!Files.exists(file(id))) {
                pendingOnly++;
            }
        }
        return onDisk + pendingOnly;
    }

    /**
     * Up to {@code limit} readable records, newest first. Corrupt and foreign files are skipped and logged;
     * temp files left by a crash are removed. A directory that cannot be listed gives none, and a {@link #problem}.
     */
    public synchronized List<T> newest(int limit) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<T> found = new ArrayList<>();
        List<Path> records = new ArrayList<>();
        List<String> foreign = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String name = p.getFileName().toString();
                if (name.startsWith(".") && name.endsWith(TEMP)) {
                    removeTemp(p);
                } else if (name.endsWith(SUFFIX) && JobIds.valid(idOf(p)) && Files.isRegularFile(p)) {
                    records.add(p);
                } else if (!Files.isDirectory(p)) {
                    foreign.add(name);
                }
            }
        } catch (IOException | RuntimeException e) {
            listFailure = "cannot list " + what + "s under " + dir + ": " + problem(e);
            LOG.errorf("%s; starting without them", listFailure);
            return found;
        }
        if (!foreign.isEmpty()) {
            LOG.warnf("Ignoring %d file(s) under %s that are not %s records: %s", foreign.size(), dir, what,
                    foreign.stream().sorted().limit(10).toList());
        }
        records.sort(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed());
        for (Path f : records) {
            if (found.size() >= limit) {
                break;
            }
            parse(f).ifPresent(found::add);
        }
        return found;
    }

    private byte[] json(T record) throws IOException {
        return mapper.writeValueAsBytes(record);
    }

    private void writeFile(String id, byte[] json) throws IOException {
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + id + "-", TEMP);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buf = ByteBuffer.wrap(json);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            Files.move(tmp, file(id), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            removeTemp(tmp);
            throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
        }
        pending.remove(id);
        syncDir();
    }

    private static void removeTemp(Path tmp) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException e) {
            LOG.warnf("Cannot remove temp file %s: %s", tmp, problem(e));
        }
    }

    private Optional<T> parse(Path f) {
        try {
            T record = mapper.readValue(f.toFile(), type);
            String id = record == null ? null : idOf.apply(record);
            if (!idOf(f).equals(id)) {
                throw new IOException("file holds " + what + " " + id);
            }
            return Optional.of(record);
        } catch (IOException | RuntimeException e) {
            LOG.warnf("Skipping unreadable %s file %s: %s", what, f, e.getMessage());
            return Optional.empty();
        }
    }

    private Path file(String id) {
        return dir.resolve(id + SUFFIX);
    }

    private static String idOf(Path f) {
        String name = f.getFileName().toString();
        return name.substring(0, name.length() - SUFFIX.length());
    }

    /** The cause as an operator reads it: "No space left on device", "Read-only file system". */
    static String problem(Exception e) {
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** Makes the rename itself durable; some file systems refuse to open a directory, which is harmless. */
    private void syncDir() {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            LOG.debugf("Directory fsync not supported for %s: %s", dir, e.getMessage());
        }
    }

    /** A record waiting for the directory, and its JSON as it was when saved. */
    private record Pending<T>(T record, byte[] json) {
    }
}
