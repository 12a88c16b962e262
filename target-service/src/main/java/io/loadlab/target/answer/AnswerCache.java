package io.loadlab.target.answer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.loadlab.target.TargetConfig;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import io.quarkus.runtime.Startup;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.core.buffer.Buffer;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.UncheckedIOException;
import java.time.Duration;

/**
 * The encoded answer for each {@code number}, built once and kept in the Caffeine cache {@value #NAME}, bounded by
 * bytes ({@link CacheBudget}) and by count: every entry weighs at least the budget over {@code target.cache.maximum-size},
 * so neither 1,000 small nor a few huge answers pass their bound. Its meters are Micrometer's Caffeine binder
 * ({@code cache_gets_total{cache="test-api",result}}, {@code cache_size}, evictions).
 *
 * <p>The bytes are cached, not the list, so the hot path never serializes and a hit allocates nothing. An answer
 * that cannot be cached, larger than the whole budget or refused by {@link DirectBudget} (half of the JVM's direct
 * memory for answers cached and still being written), is encoded for its request alone, on the heap: a valid request
 * never gets a 500 because memory is short, and an event loop never waits for the JDK to find direct memory. Encodings
 * in progress are one per event loop at most: each runs to its end on the loop that asked.
 *
 * <p>Caffeine builds this cache from classes it generated for these features and finds by name: {@code SSSMWW}
 * (strong keys and values, stats, maximum by weight, expiry after write) and its node {@code PSWMW}. Quarkus'
 * Caffeine extension registers neither for native images, whose target then answered every request with a 500
 * (issue 48); they are registered here, and {@code NativeReadinessTest} reads them off a cache built by
 * {@link #newCache} and fails the build if a change to the builder needs one that is not. Built at start-up: a cache
 * that cannot be built stops the service from starting, never a live process that answers 500s.
 */
@ApplicationScoped
@Startup
@RegisterForReflection(classNames = {"com.github.benmanes.caffeine.cache.SSSMWW", "com.github.benmanes.caffeine.cache.PSWMW"})
public class AnswerCache {

    public static final String NAME = "test-api";
    /** The gauge of {@link DirectBudget#reserved}: {@code target_answers_direct_bytes}. */
    public static final String DIRECT_BYTES = "target.answers.direct.bytes";

    private final Cache<Integer, EncodedAnswer> cache;
    private final ObjectMapper mapper;
    private final long budgetBytes;
    private final DirectBudget direct = DirectBudget.ofJvm();

    public AnswerCache(ObjectMapper mapper, TargetConfig config, MeterRegistry registry) {
        this.mapper = mapper;
        this.budgetBytes = CacheBudget.bytes(config.cache().maxBytes());
        this.cache = newCache(budgetBytes, config.cache().maximumSize(), config.cache().expireAfterWrite());
        CaffeineCacheMetrics.monitor(registry, cache, NAME);
        Gauge.builder(DIRECT_BYTES, direct, DirectBudget::reserved)
                .description("Direct memory held by encoded answers, cached or still being written; at most "
                        + direct.limit() + " bytes, half of the JVM's direct memory")
                .register(registry);
    }

    /**
     * The cache, bounded by {@code budgetBytes} and, through the least weight an entry counts for, by
     * {@code maximumSize} entries. The one place this class builds a Caffeine cache (see the class comment).
     */
    public static Cache<Integer, EncodedAnswer> newCache(long budgetBytes, long maximumSize, Duration expireAfterWrite) {
        int minWeight = (int) Math.min(Integer.MAX_VALUE, Math.max(1, budgetBytes / Math.max(1, maximumSize)));
        return Caffeine.newBuilder()
                .maximumWeight(budgetBytes)
                .weigher((Integer n, EncodedAnswer answer) -> Math.max(minWeight, answer.weight()))
                .expireAfterWrite(expireAfterWrite)
                .recordStats()
                .build();
    }

    /** The byte budget in force, for the log and the tests. */
    public long budgetBytes() {
        return budgetBytes;
    }

    /** The encoded answer for {@code n} items; counts a hit or a miss in the cache's metrics. */
    public Buffer answer(int n) {
        EncodedAnswer cached = cache.getIfPresent(n);
        if (cached != null) {
            return cached.body();
        }
        byte[] bytes = encode(n);
        EncodedAnswer encoded = cached(n, bytes);
        return encoded == null ? Buffer.buffer(bytes) : encoded.body();
    }

    /**
     * The cached answer for {@code n} items with its HTTP/1.1 head, encoding and caching it on a miss; null when it
     * cannot be cached (larger than the whole budget, or direct memory refused), for the caller to take the route
     * that answers from the heap. Counts a hit or a miss as {@link #answer} does.
     */
    public EncodedAnswer encoded(int n) {
        EncodedAnswer cached = cache.getIfPresent(n);
        return cached != null ? cached : cached(n, encode(n));
    }

    /** Two concurrent misses may both encode: harmless, the bytes are identical and the last put wins. */
    private EncodedAnswer cached(int n, byte[] bytes) {
        if (bytes.length > budgetBytes) {
            return null;
        }
        EncodedAnswer encoded = EncodedAnswer.direct(bytes, direct);
        if (encoded != null) {
            cache.put(n, encoded);
        }
        return encoded;
    }

    private byte[] encode(int n) {
        try {
            return mapper.writeValueAsBytes(Answer.ofItems(n));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
