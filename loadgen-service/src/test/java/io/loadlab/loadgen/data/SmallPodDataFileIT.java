package io.loadlab.loadgen.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.Nginx;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 42 case 3: the loadgen with the heap of the smallest pod the docs give (a 256 MiB limit, the image's own flags:
 * 40% of it, 102 MiB) and a data file within the documented limits (1,000,000 rows). Before, 1,000,000 rows cost about
 * 100 MB of live heap per placeholder and one POST naming the file ended the process. Now a run with 8 placeholders on
 * the file is run, each value sent in file order and counted by nginx exactly; a spec naming 8 different such files is
 * a 400 naming a placeholder's {@code file}, and the loadgen is alive after each.
 */
@SystemTest
class SmallPodDataFileIT {

    static final ObjectMapper JSON = new ObjectMapper();
    static final int ROWS = 1_000_000;
    static final long FIRST = 1_000_000_000L;
    static final int PLACEHOLDERS = 8;
    /** The smallest memory limit docs/kubernetes.md gives the loadgen's pod, 256 MiB. */
    static final long SMALLEST_POD_KIB = 256 * 1024;

    /**
     * The image's JVM flags ({@code quarkus.jib.jvm-additional-arguments}: a fixed heap of a share of the memory limit,
     * touched at start, exit on OutOfMemoryError), that share of the smallest pod's 256 MiB given as {@code -Xms} and
     * {@code -Xmx} (40%: 102 MiB). Not {@code -XX:MaxRAM=256m}: the JVM then takes 126 MiB, its default heap being a
     * floor above 40% of so little memory, and the smaller heap is the harder test.
     */
    static List<String> smallPodJvm() throws IOException {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(Path.of("src/main/resources/application.properties"))) {
            p.load(in);
        }
        String flags = p.getProperty("quarkus.jib.jvm-additional-arguments");
        Matcher share = Pattern.compile("-XX:MaxRAMPercentage=([0-9.]+)").matcher(flags == null ? "" : flags);
        assertTrue(share.find(), "the image's heap share in " + flags);
        long heapKib = (long) (SMALLEST_POD_KIB * Double.parseDouble(share.group(1)) / 100);
        List<String> jvm = new ArrayList<>(Arrays.asList(flags.split(",")));
        jvm.addAll(List.of("-Xms" + heapKib + "k", "-Xmx" + heapKib + "k"));
        return jvm;
    }

    @Test
    void aMillionRowFileRunsOrIsRefusedAndTheLoadgenLives() throws Exception {
        Path dataDir = Files.createTempDirectory("loadgen-small-pod");
        Path csv = dataDir.resolve("ids.csv");
        try (Nginx nginx = Nginx.logging("{\"ok\":true}")) {
            writeIds(csv);
            List<String> jvm = smallPodJvm();
            // copies under other names, put where uploads go: each is a file of its own to read
            Files.createDirectories(dataDir.resolve("data"));
            for (int i = 1; i < PLACEHOLDERS; i++) {
                Files.copy(csv, dataDir.resolve("data").resolve("ids" + i + ".csv"));
            }
            try (LoadgenService lg = LoadgenService.start(dataDir, jvm)) {
                System.out.println(lg.launch().command());
                lg.upload("ids.csv", Files.readString(csv));
                Files.delete(csv);

                // 8 placeholders on one file: one table of values shared by all, which fits; sent in file order
                HttpResponse<String> posted = lg.post("/runs", spec(nginx, false));
                JsonNode answer = JSON.readTree(posted.body());
                System.out.println("8 placeholders on one file: " + posted.statusCode() + " " + posted.body());
                assertAlive(lg);
                if (posted.statusCode() == 400) {
                    assertRefusedNamingAFile(answer);
                } else {
                    assertEquals(202, posted.statusCode(), posted.body());
                    JsonNode run = lg.awaitFinished("/runs/" + answer.get("id").asText());
                    assertEquals("completed", run.path("state").asText(), run.toPrettyString());
                    assertSentInFileOrder(run.path("report"), nginx);
                }
                assertAlive(lg);

                // 8 files of a million rows each: more than the whole heap holds, refused before it is read
                posted = lg.post("/runs", spec(nginx, true));
                System.out.println("8 placeholders on 8 files: " + posted.statusCode() + " " + posted.body());
                assertAlive(lg);
                assertEquals(400, posted.statusCode(), posted.body());
                assertRefusedNamingAFile(JSON.readTree(posted.body()));
                assertTrue(!lg.log().contains("OutOfMemoryError"), "the loadgen ran out of memory: " + lg.log());
            }
        } finally {
            try (Stream<Path> files = Files.walk(dataDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** {@code id} then 1,000,000 ten-digit ids: 11 MB, within loadgen.data.max-file-bytes (16 MiB). */
    private static void writeIds(Path csv) throws IOException {
        try (Writer w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
            w.write("id\n");
            for (int i = 0; i < ROWS; i++) {
                w.write(Long.toString(FIRST + i));
                w.write('\n');
            }
        }
    }

    /**
     * A short run bounded by rate and time, one connection, every placeholder sequential in the path: {@code ${p0}} on
     * ids.csv, the others on the same file ({@code distinct} false) or each on a copy of its own.
     */
    private static String spec(Nginx nginx, boolean distinct) {
        StringBuilder values = new StringBuilder();
        StringBuilder query = new StringBuilder();
        for (int i = 0; i < PLACEHOLDERS; i++) {
            String file = i == 0 || !distinct ? "ids.csv" : "ids" + i + ".csv";
            values.append(i == 0 ? "" : ",").append("\"p").append(i).append("\":{\"from\":\"file\",\"file\":\"")
                    .append(file).append("\"}");
            if (i > 0) {
                query.append(i == 1 ? '?' : '&').append('p').append(i).append("=${p").append(i).append('}');
            }
        }
        String path = "/a/${p0}" + query;
        return "{\"kind\":\"http\",\"target\":\"" + nginx.uri("/") + "\",\"connections\":1,\"threads\":1,"
                + "\"rate\":200,\"duration\":\"1s\",\"timeout\":\"10s\","
                + "\"requests\":[{\"name\":\"get\",\"path\":\"" + path + "\"}],\"values\":{" + values + "}}";
    }

    /** nginx logged exactly the requests the report counts, each carrying the file's next id in every placeholder. */
    private static void assertSentInFileOrder(JsonNode report, Nginx nginx) throws Exception {
        long sent = report.path("requests").asLong() + report.path("warmupRequests").asLong();
        assertTrue(sent > 0, report.toPrettyString());
        List<String> uris = List.of();
        for (int i = 0; i < 100 && uris.size() != sent; i++) { // nginx logs a request as it ends
            Thread.sleep(50);
            uris = nginx.accessLog().stream().map(l -> l.split(" ")[3]).filter(u -> u.startsWith("/a/")).toList();
        }
        assertEquals(sent, uris.size(), "requests the loadgen counted vs those nginx logged");
        for (int i = 0; i < uris.size(); i++) {
            long id = FIRST + i;
            StringBuilder expected = new StringBuilder("/a/" + id);
            for (int p = 1; p < PLACEHOLDERS; p++) {
                expected.append(p == 1 ? '?' : '&').append('p').append(p).append('=').append(id);
            }
            assertEquals(expected.toString(), uris.get(i), "request " + i);
        }
    }

    private static void assertRefusedNamingAFile(JsonNode answer) {
        JsonNode violations = answer.path("violations");
        assertTrue(violations.size() > 0, answer.toPrettyString());
        for (JsonNode v : violations) {
            assertTrue(v.path("field").asText().matches("values\\.p[0-9]\\.file"), answer.toPrettyString());
            assertTrue(v.path("message").asText().contains("heap"), answer.toPrettyString());
        }
    }

    private static void assertAlive(LoadgenService lg) throws Exception {
        assertEquals(200, lg.get("/q/health/live").statusCode(), "the loadgen is alive: " + lg.log());
    }
}
