package io.loadlab.loadgen.job;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * {@code loadgen.data-dir}, where every job is kept ({@link JsonFileStore} per kind of record), and whether it
 * can take them. While records wait in memory for a full or read-only dir, they are retried every
 * {@link #RETRY_SECONDS} seconds, and at each readiness check and each write, so they reach the disk as soon as
 * space returns without anyone having to ask.
 */
@ApplicationScoped
public class DataDir {

    /** Retry pace for records kept in memory: a check costs one failed create on a full dir, nothing on a healthy one. */
    static final long RETRY_SECONDS = 2;
    private static final Logger LOG = Logger.getLogger(DataDir.class);
    private static final String PROBE = ".probe.tmp";

    private final Path dir;
    private final ObjectMapper mapper;
    private final List<JsonFileStore<?>> stores = new CopyOnWriteArrayList<>();
    /** Guarded by {@code this}; started at the first record kept in memory. */
    private ScheduledExecutorService retries;
    private ScheduledFuture<?> retry;

    @Inject
    public DataDir(@ConfigProperty(name = "loadgen.data-dir", defaultValue = "loadgen-data") Path dir, ObjectMapper mapper) {
        this.dir = dir;
        this.mapper = mapper;
    }

    public Path path() {
        return dir;
    }

    /** A store for one kind of record under {@code sub} ("" for the data dir itself). */
    public <T> JsonFileStore<T> store(String sub, Class<T> type, Function<T, String> idOf, String what) {
        JsonFileStore<T> s = new JsonFileStore<>(sub.isEmpty() ? dir : dir.resolve(sub), dir, mapper, type, idOf, what);
        stores.add(s);
        return s;
    }

    /** Called after a save: keeps retrying while any record waits in memory. */
    public synchronized void kept() {
        if (retry != null || pending().isEmpty()) {
            return;
        }
        if (retries == null) {
            retries = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "data-dir-retry");
                t.setDaemon(true);
                return t;
            });
        }
        retry = retries.scheduleWithFixedDelay(this::retry, RETRY_SECONDS, RETRY_SECONDS, TimeUnit.SECONDS);
    }

    private void retry() {
        if (flush()) {
            synchronized (this) {
                retry.cancel(false);
                retry = null;
            }
        }
    }

    /** Writes what waits in memory; true when nothing is left waiting. */
    public boolean flush() {
        boolean all = true;
        for (JsonFileStore<?> s : stores) {
            all &= s.flush();
        }
        return all;
    }

    /**
     * For a job about to start: its record must not queue behind records that wait in memory.
     *
     * @throws DataDirUnavailableException naming the cause while any record waits
     */
    public void requireWritable() {
        flush();
        Optional<String> pending = pending();
        if (pending.isPresent()) {
            throw new DataDirUnavailableException(dir, pending.get());
        }
    }

    /**
     * Why the data dir cannot be trusted now, after writing what waits: records kept in memory, a dir that
     * could not be read at startup, or one that refuses a small file. Empty when healthy.
     */
    public Optional<String> problem() {
        flush();
        Optional<String> pending = pending();
        if (pending.isPresent()) {
            return Optional.of("data dir " + dir + " not writable: " + pending.get());
        }
        Optional<String> unlisted = stores.stream().map(JsonFileStore::listProblem).flatMap(Optional::stream).findFirst();
        if (unlisted.isPresent()) {
            return unlisted;
        }
        Path probe = dir.resolve(PROBE);
        try {
            Files.createDirectories(dir);
            Files.write(probe, new byte[] {'\n'});
            Files.delete(probe);
            return Optional.empty();
        } catch (IOException e) {
            try {
                Files.deleteIfExists(probe);
            } catch (IOException ignored) {
                // the same cause is reported below
            }
            return Optional.of("data dir " + dir + " not writable: " + JsonFileStore.problem(e));
        }
    }

    private Optional<String> pending() {
        List<String> all = stores.stream().map(JsonFileStore::pendingProblem).flatMap(Optional::stream).toList();
        return all.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", all));
    }

    /** A last try at shutdown; what still cannot be written is named, since it is lost with the process. */
    @PreDestroy
    synchronized void close() {
        if (retries != null) {
            retries.shutdownNow();
        }
        if (!flush()) {
            LOG.errorf("Stopping with records not persisted: %s", pending().orElse(""));
        }
    }
}
