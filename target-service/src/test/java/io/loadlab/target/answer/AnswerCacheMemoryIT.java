package io.loadlab.target.answer;

import io.loadlab.testsupport.SystemTest;
import io.loadlab.testsupport.TargetService;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged target with 256 MiB of heap and of direct memory asked for 1,001 distinct numbers between 9,000 and
 * 10,000 (about 0.8 MiB each, 837 MB in all): before the byte budget the cache kept them all and 669 got a 500.
 */
@SystemTest
class AnswerCacheMemoryIT {

    private static final long MIB = 1024 * 1024;
    /** One item as the answer encodes it, its separating comma included. */
    private static final int ITEM_BYTES = ",{\"name\":\"nginx\",\"author\":\"Igor Sysoev\",\"version\":\"1.18\",\"desp\":\"高性能代理工具\"}"
            .getBytes(StandardCharsets.UTF_8).length;

    @Test
    void everyDistinctLargeAnswerIsServedWithinTheMemoryGiven() throws Exception {
        try (TargetService target = TargetService.startWith(List.of("-Xmx256m", "-XX:MaxDirectMemorySize=256m"))) {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            Map<Integer, Integer> statuses = new TreeMap<>();
            List<Long> rss = new ArrayList<>();
            for (int n = 9000; n <= 10000; n++) {
                HttpRequest request = HttpRequest.newBuilder(target.testApi()).timeout(Duration.ofSeconds(30))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"number\": " + n + "}")).build();
                HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
                statuses.merge(response.statusCode(), 1, Integer::sum);
                if (n % 250 == 0 && response.statusCode() == 200) {
                    // n items: n - 1 separators, the envelope {"code":200,"msg":"ok","body":[ ... ]} around them
                    int envelope = "{\"code\":200,\"msg\":\"ok\",\"body\":[]}".length();
                    assertEquals(envelope + (long) n * ITEM_BYTES - 1, response.body().length, "answer for " + n);
                }
                if (n % 100 == 0) {
                    rss.add(target.rssBytes() / MIB);
                }
            }
            String figures = "statuses " + statuses + "; RSS every 100 numbers (MiB): " + rss;
            System.out.println(figures);
            assertEquals(Map.of(200, 1001), statuses, figures);
            // heap and direct memory 256 MiB each: RSS above both and the JVM's own would mean neither bounded it
            assertTrue(rss.stream().allMatch(m -> m < 768), figures);
        }
    }
}
