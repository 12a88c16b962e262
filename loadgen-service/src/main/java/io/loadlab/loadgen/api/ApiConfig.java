package io.loadlab.loadgen.api;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/** Who may fire the gun. */
@ConfigMapping(prefix = "loadgen.api")
public interface ApiConfig {

    /** Bearer token required by POST and DELETE; env {@code LOADGEN_API_TOKEN}. */
    Optional<String> token();

    /** Lets the service start with no token, leaving POST and DELETE open. For a laptop, never a shared host. */
    @WithDefault("false")
    boolean insecure();

    /**
     * A request body's size for everything but a data file's upload (a run spec, an experiment): a spec is small.
     * {@code quarkus.http.limits.max-body-size} is raised to let a data file through
     * ({@code loadgen.data.max-file-bytes}); this keeps every other body at its 2 MiB.
     */
    @WithDefault("2097152")
    long maxBodyBytes();

    /**
     * Heavy reads (a run, its report, histogram or page, a list) answered at once; one more gets 429 with
     * {@code Retry-After} instead of a queue. 8: eight whole records of an hour's series (about 480 KB each) in flight
     * are a few MB of buffers, where 32 unbounded reads of 42 MB lists ran a 512 MB loadgen out of direct memory.
     */
    @WithDefault("8")
    int maxConcurrentReads();

    /**
     * How long a request may take to arrive whole, head to the body's last byte ({@link RequestDeadline}): 30 s, the
     * idle timeout's figure. The largest body, a data file at {@code loadgen.data.max-file-bytes} (16 MiB), arrives
     * in it at 0.6 MB/s.
     */
    @WithDefault("30s")
    Duration requestTimeout();
}
