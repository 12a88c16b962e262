package io.loadlab.loadgen.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * One JSON file per record under a directory, named {@code <id>.json}, ids in {@link RunIds#FORMAT} so
 * names sort by creation. Writes are atomic (temp file in the same directory, fsync, rename, fsync of
 * the directory), so a crash leaves either the old record or the new one, never half of one. Unreadable
 * files are skipped with a warning. Runs and experiments are both kept this way.
 *
 * @param <T> the immutable record kept
 */
public final class JsonFileStore<T> {

    private static final Logger LOG = Logger.getLogger(JsonFileStore.class);
    private static final String SUFFIX = ".json";

    private final Path dir;
    private final ObjectMapper mapper;
    private final Class<T> type;
    private final Function<T, String> idOf;
    private final String what;

    /** @param what names a record in messages: "run", "experiment" */
    public JsonFileStore(Path dir, ObjectMapper mapper, Class<T> type, Function<T, String> idOf, String what) {
        this.dir = dir;
        this.mapper = mapper;
        this.type = type;
        this.idOf = idOf;
        this.what = what;
    }

    public Path dir() {
        return dir;
    }

    public void write(T record) {
        String id = idOf.apply(record);
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "." + id + "-", ".tmp");
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buf = ByteBuffer.wrap(mapper.writeValueAsBytes(record));
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            move(tmp, file(id));
            syncDir();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot persist " + what + " " + id + " under " + dir, e);
        }
    }

    /** The record persisted under {@code id}; empty if there is none or it cannot be read. */
    public Optional<T> read(String id) {
        if (!RunIds.valid(id)) {
            return Optional.empty();
        }
        Path f = file(id);
        return Files.isRegularFile(f) ? parse(f) : Optional.empty();
    }

    /** Up to {@code limit} readable records, newest first; corrupt files are skipped and logged. */
    public List<T> newest(int limit) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<T> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> sorted = files.filter(p -> p.getFileName().toString().endsWith(SUFFIX))
                    .filter(Files::isRegularFile)
                    .filter(p -> RunIds.valid(idOf(p)))
                    .sorted(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed())
                    .toList();
            for (Path f : sorted) {
                if (found.size() >= limit) {
                    break;
                }
                parse(f).ifPresent(found::add);
            }
        } catch (IOException e) {
            LOG.warnf(e, "Cannot list %ss under %s; starting with none", what, dir);
        }
        return found;
    }

    private Optional<T> parse(Path f) {
        try {
            T record = mapper.readValue(f.toFile(), type);
            String id = idOf.apply(record);
            if (!id.equals(idOf(f))) {
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

    private static void move(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    /** Makes the rename itself durable; some file systems refuse to open a directory, which is harmless. */
    private void syncDir() {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            LOG.debugf("Directory fsync not supported for %s: %s", dir, e.getMessage());
        }
    }
}
