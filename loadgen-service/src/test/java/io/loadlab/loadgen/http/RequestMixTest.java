package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.mix.ValueOrder;
import io.loadlab.loadgen.mix.ValueSpec;
import io.loadlab.loadgen.mix.ValueTable;
import io.loadlab.loadgen.mix.ValueTables;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mix compiled into bytes: what each request writes, and that writing it allocates nothing. */
class RequestMixTest {

    private static final URI TARGET = URI.create("http://127.0.0.1:8080/hello?x=1");

    static HttpRunSpec mix(List<RequestSpec> requests, Map<String, ValueSpec> values, long seed) {
        return new HttpRunSpec(TARGET, "GET", Map.of("X-Run", "r1"), null, 2, 1, Duration.ofSeconds(1), Duration.ZERO,
                0, true, Duration.ofSeconds(2), HttpProtocol.HTTP_1_1, 1, null, requests, values, seed);
    }

    static List<RequestSpec> twoEntries() {
        return List.of(new RequestSpec("get-item", 3, "GET", "/a/${id}", Map.of("X-Id", "${id}"), null),
                new RequestSpec("add", 1, "POST", "/b", Map.of(), "{\"id\": ${id}, \"note\": \"${id}\"}"));
    }

    static RequestMix compile(HttpRunSpec spec) {
        return RequestMix.compile(spec, ValueTables.resolve(spec.values(), name -> java.util.Optional.empty()));
    }

    private static String render(MixCursor cursor, int[] entry) {
        entry[0] = cursor.next();
        ByteBuf b = cursor.message(entry[0]);
        String s = b.toString(StandardCharsets.UTF_8);
        b.skipBytes(b.readableBytes()); // as the network does once written
        return s;
    }

    @Test
    void aStaticEntryIsTheOneRequestFormByteForByte() {
        HttpRunSpec single = new HttpRunSpec(TARGET, "POST", Map.of("X-Run", "r1"), "{\"a\":1}", 1, 1,
                Duration.ofSeconds(1), Duration.ZERO, 0, true, Duration.ofSeconds(2));
        HttpRunSpec named = mix(List.of(new RequestSpec("one", 1, "POST", null, Map.of(), "{\"a\":1}")), Map.of(), 0);
        try (RequestMix m = compile(named)) {
            MixCursor c = m.cursor(0);
            assertEquals(RequestTemplate.encode(single), render(c, new int[1]));
        }
    }

    @Test
    void valuesAreEncodedForWhereTheySitAndTheLengthIsTheirs() {
        HttpRunSpec spec = mix(List.of(new RequestSpec("p", 1, "POST", "/p/${v}?q=${v}", Map.of("X-V", "${v}"),
                "{\"v\": \"${v}\", \"raw\": ${v}}")), Map.of("v", ValueSpec.list(List.of("a \"é/日\\"), null)), 0);
        try (RequestMix m = compile(spec)) {
            String request = render(m.cursor(0), new int[1]);
            String body = "{\"v\": \"a \\\"é/日\\\\\", \"raw\": a \"é/日\\}";
            assertEquals("POST /p/a%20%22%C3%A9/%E6%97%A5%5C?q=a%20%22%C3%A9/%E6%97%A5%5C HTTP/1.1\r\n"
                    + "Host: 127.0.0.1:8080\r\nX-Run: r1\r\nX-V: a \"é/日\\\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body, request);
        }
    }

    /** A slot's buffer starts at 1 KiB and grows to a longer request: every rendering whole, its length its own. */
    @Test
    void aSlotsBufferGrowsToALongValue() {
        String big = "x".repeat(5000);
        HttpRunSpec spec = mix(List.of(new RequestSpec("p", 1, "POST", "/p", Map.of(), "${v}")),
                Map.of("v", ValueSpec.list(List.of("a", big, "b"), null)), 0);
        try (RequestMix m = compile(spec)) {
            MixCursor c = m.cursor(0);
            int[] entry = new int[1];
            for (String v : List.of("a", big, "b", "a")) {
                String r = render(c, entry);
                assertTrue(r.endsWith("Content-Length: " + v.length() + "\r\n\r\n" + v), r);
            }
        }
    }

    @Test
    void controlCharactersInAJsonStringAreEscapedAsUnicode() {
        assertEquals("a\\u0001\\u000A", new String(ValueEncoding.JSON_STRING.encode("a\u0001\n"), StandardCharsets.UTF_8));
    }

    @Test
    void aHeaderValueWithCrOrLfIsRefusedNamingTheField() {
        HttpRunSpec spec = mix(List.of(new RequestSpec("h", 1, "GET", "/", Map.of("X-V", "${v}"), null)),
                Map.of("v", ValueSpec.list(List.of("ok", "bad\r\nX-Injected: 1"), null)), 0);
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> compile(spec));
        assertEquals("values.v", e.violations().get(0).field());
        assertTrue(e.violations().get(0).message().contains("requests[0].headers.X-V"), e.violations().toString());
    }

    /** Smooth weighted round-robin: 3:1 is three reads in every four, from the slot's own seeded offset. */
    @Test
    void selectionFollowsTheWeightsExactlyAndDependsOnTheSeedAndSlot() {
        HttpRunSpec spec = mix(twoEntries(), Map.of("id", ValueSpec.range(1, 1000, ValueOrder.RANDOM)), 42);
        try (RequestMix m = compile(spec)) {
            int[] counts = new int[2];
            MixCursor c = m.cursor(0);
            StringBuilder first = new StringBuilder();
            for (int i = 0; i < 400; i++) {
                int e = c.next();
                counts[e]++;
                if (i < 40) {
                    first.append(e).append(c.message(e).toString(StandardCharsets.UTF_8));
                }
                c.message(e).skipBytes(c.message(e).readableBytes());
            }
            assertEquals(300, counts[0]);
            assertEquals(100, counts[1]);
            assertEquals(first.toString(), sequence(m, 0));
            assertTrue(!first.toString().equals(sequence(m, 1)), "another slot, another stream");
        }
        try (RequestMix other = compile(mix(twoEntries(), Map.of("id", ValueSpec.range(1, 1000, ValueOrder.RANDOM)), 43))) {
            try (RequestMix same = compile(spec)) {
                assertEquals(sequence(same, 0), sequence(same, 0));
                assertTrue(!sequence(same, 0).equals(sequence(other, 0)), "another seed, another sequence");
            }
        }
    }

    private static String sequence(RequestMix m, int slot) {
        MixCursor c = m.cursor(slot);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            int e = c.next();
            ByteBuf b = c.message(e);
            s.append(e).append(b.toString(StandardCharsets.UTF_8));
            b.skipBytes(b.readableBytes());
        }
        return s.toString();
    }

    @Test
    void sequentialValuesAreOnePassAfterAnotherAcrossSlots() {
        HttpRunSpec spec = mix(List.of(new RequestSpec("a", 1, "GET", "/a/${id}", Map.of(), null)),
                Map.of("id", ValueSpec.range(1, 5, null)), 0);
        try (RequestMix m = compile(spec)) {
            MixCursor[] slots = {m.cursor(0), m.cursor(1)};
            StringBuilder paths = new StringBuilder();
            int[] entry = new int[1];
            for (int i = 0; i < 10; i++) {
                String r = render(slots[i % 2], entry);
                paths.append(r, 7, r.indexOf(' ', 4)).append(',');
            }
            assertEquals("1,2,3,4,5,1,2,3,4,5,", paths.toString());
        }
    }

    /**
     * The hot path of a templated two-entry mix (pick, draw, render with Content-Length) allocates nothing per request:
     * the thread's allocated bytes over 100,000 requests, after a warm-up that lets the JIT settle, stay under one byte
     * a request (a String or a boxed digit per request would be tens of bytes each).
     */
    @Test
    void renderingATemplatedMixAllocatesNothingPerRequest() {
        HttpRunSpec spec = mix(twoEntries(), Map.of("id", ValueSpec.range(1, 100_000, null)), 0);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        try (RequestMix m = compile(spec)) {
            MixCursor c = m.cursor(0);
            long written = 0;
            for (int i = 0; i < 200_000; i++) {
                written += once(c);
            }
            long before = threads.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 100_000; i++) {
                written += once(c);
            }
            long allocated = threads.getThreadAllocatedBytes(tid) - before;
            assertTrue(written > 0);
            assertTrue(allocated < 100_000, "allocated " + allocated + " bytes over 100,000 requests");
        }
    }

    private static int once(MixCursor c) {
        int e = c.next();
        ByteBuf b = c.message(e);
        int n = b.readableBytes();
        b.skipBytes(n);
        return n;
    }
}
