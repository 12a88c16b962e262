package io.loadlab.loadgen.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
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
import java.util.stream.Stream;

/**
 * One JSON file per run under {@code loadgen.data-dir}, named {@code <id>.json}. Writes are atomic
 * (temp file in the same directory, fsync, rename, fsync of the directory), so a crash leaves either
 * the old record or the new one, never half of one. Unreadable files are skipped with a warning.
 */
@ApplicationScoped
public class RunStore {

    private static final Logger LOG = Logger.getLogger(RunStore.class);
    private static final String SUFFIX = ".json";

    private final Path dir;
    private final ObjectMapper mapper;

    @Inject
    public RunStore(@ConfigProperty(name = "loadgen.data-dir", defaultValue = "loadgen-data") Path dir,
                    ObjectMapper mapper) {
        this.dir = dir;
        this.mapper = mapper;
    }

    public Path dir() {
        return dir;
    }

    public void write(RunRecord run) {
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "." + run.id() + "-", ".tmp");
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buf = ByteBuffer.wrap(mapper.writeValueAsBytes(run));
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            move(tmp, file(run.id()));
            syncDir();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot persist run " + run.id() + " under " + dir, e);
        }
    }

    /** The run persisted under {@code id}; empty if there is none or it cannot be read. */
    public Optional<RunRecord> read(String id) {
        if (!RunIds.valid(id)) {
            return Optional.empty();
        }
        Path f = file(id);
        return Files.isRegularFile(f) ? parse(f) : Optional.empty();
    }

    /** Up to {@code limit} readable runs, newest first; corrupt files are skipped and logged. */
    public List<RunRecord> newest(int limit) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<RunRecord> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> sorted = files.filter(p -> p.getFileName().toString().endsWith(SUFFIX))
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
            LOG.warnf(e, "Cannot list runs under %s; starting with none", dir);
        }
        return found;
    }

    private Optional<RunRecord> parse(Path f) {
        try {
            RunRecord run = mapper.readValue(f.toFile(), RunRecord.class);
            if (!run.id().equals(idOf(f))) {
                throw new IOException("file holds run " + run.id());
            }
            return Optional.of(run);
        } catch (IOException | RuntimeException e) {
            LOG.warnf("Skipping unreadable run file %s: %s", f, e.getMessage());
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
