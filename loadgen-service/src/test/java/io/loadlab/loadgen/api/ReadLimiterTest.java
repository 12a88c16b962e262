package io.loadlab.loadgen.api;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Heavy reads at once are bounded: the one past the limit is refused with 429 and Retry-After, never queued. */
class ReadLimiterTest {

    @Test
    void theReadPastTheLimitGets429WithRetryAfterAndAPermitFreedIsReused() throws Exception {
        int limit = 3;
        ReadLimiter reads = new ReadLimiter(limit);
        CountDownLatch inside = new CountDownLatch(limit);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(limit);
        try {
            List<Future<String>> held = new ArrayList<>();
            for (int i = 0; i < limit; i++) {
                held.add(pool.submit(() -> reads.read(() -> {
                    inside.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return "read";
                })));
            }
            assertTrue(inside.await(30, TimeUnit.SECONDS), "the first " + limit + " reads hold a permit each");
            ApiException refused = assertThrows(ApiException.class, () -> reads.read(() -> "one too many"));
            var response = refused.response();
            assertEquals(429, response.getStatus());
            assertEquals("1", String.valueOf(response.getHeaders().getFirst("Retry-After")));
            ApiError body = (ApiError) response.getEntity();
            assertEquals(429, body.code());
            assertTrue(body.msg().contains("loadgen.api.max-concurrent-reads"), body.msg());
            release.countDown();
            for (Future<String> f : held) {
                assertEquals("read", f.get(30, TimeUnit.SECONDS));
            }
            assertEquals("again", reads.read(() -> "again"), "every permit is back once its read ended");
        } finally {
            release.countDown();
            pool.shutdownNow();
        }
    }

    @Test
    void aReadThatThrowsGivesItsPermitBack() {
        ReadLimiter reads = new ReadLimiter(1);
        assertThrows(ApiException.class, () -> reads.read(() -> {
            throw new ApiException(404, "no run x");
        }));
        assertEquals("next", reads.read(() -> "next"));
    }
}
