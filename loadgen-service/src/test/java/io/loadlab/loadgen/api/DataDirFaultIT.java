package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A full, read-only or littered data dir loses nothing and stops nothing: the packaged loadgen on a real
 * tmpfs (root), a real run against the real target service on loopback, restarts for real.
 */
@SystemTest
class DataDirFaultIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    private static String run(String duration) {
        return "{\"kind\":\"http\",\"target\":\"" + target.testApi() + "\",\"method\":\"POST\","
                + "\"headers\":{\"Content-Type\":\"application/json\"},\"body\":\"{\\\"number\\\": 2}\","
                + "\"threads\":1,\"connections\":2,\"timeout\":\"2s\",\"warmup\":\"0s\",\"duration\":\"" + duration + "\"}";
    }

    private static String experiment() {
        String base = target.base();
        return "{\"targets\":[{\"name\":\"local\",\"url\":\"" + base + "/test/testApi\",\"metrics\":\"" + base
                + "/q/metrics\",\"cores\":1}],\"variants\":[{\"number\":2,\"connections\":2,\"threads\":1}],"
                + "\"duration\":\"500ms\",\"warmup\":\"100ms\",\"linkMbps\":10000}";
    }

    /**
     * A full disk at the final write loses nothing, and the restart that reads the run back also skips the corrupt and
     * foreign files put beside it with a log line each (once a test of its own with two more starts: 9 s of this
     * class's 38 s).
     */
    @Test
    void aFullDiskAtTheFinalWriteLosesNothingAndCorruptAndForeignFilesAreIgnoredWithALogLine() throws Exception {
        try (Tmpfs fs = Tmpfs.mount("1m")) {
            Path dir = fs.dir();
            String id;
            JsonNode report;
            try (LoadgenService lg = LoadgenService.start(dir)) {
                id = lg.started("/runs", run("2s"));
                Path filler = dir.resolve("filler");
                assertTrue(fs.fill(filler) > 0);

                JsonNode done = lg.awaitFinished("/runs/" + id);
                assertEquals("completed", done.get("state").asText(), done.toString());
                report = lg.json("/runs/" + id + "/report");
                assertTrue(report.get("requests").asLong() > 0, report.toString());
                assertEquals("running", onDisk(dir, id).get("state").asText(), "the final write could not happen");

                HttpResponse<String> ready = lg.get("/q/health/ready");
                assertEquals(503, ready.statusCode(), ready.body());
                assertTrue(ready.body().contains("No space left on device"), ready.body());
                assertTrue(ready.body().contains(id), "names the run kept in memory: " + ready.body());

                for (String[] post : List.of(new String[] {"/runs", run("1s")}, new String[] {"/experiments", experiment()})) {
                    HttpResponse<String> r = lg.post(post[0], post[1]);
                    assertEquals(503, r.statusCode(), post[0] + ": " + r.body());
                    JsonNode body = JSON.readTree(r.body());
                    assertEquals(503, body.get("code").asInt());
                    assertTrue(body.get("msg").asText().contains("No space left on device"), r.body());
                    assertEquals(dir.toAbsolutePath().toString(), body.get("dataDir").asText());
                }
                assertEquals(List.of(), temps(dir), "no temp file is left behind by the failed writes");
                assertEquals(1, lg.json("/runs").get("total").asInt(), "the refused POSTs started nothing");

                Files.delete(filler);
                awaitReady(lg);
                JsonNode persisted = onDisk(dir, id);
                assertEquals("completed", persisted.get("state").asText());
                assertSameReport(report, persisted.get("report"));
                assertEquals(List.of(), temps(dir));
            }
            litter(dir);
            try (LoadgenService again = LoadgenService.start(dir)) {
                JsonNode after = again.json("/runs/" + id);
                assertEquals("completed", after.get("state").asText(), after.toString());
                assertSameReport(report, again.json("/runs/" + id + "/report"));
                assertLitterIgnored(again, id, dir);
            }
        }
    }

    /** Corrupt run and experiment files, foreign files and directories, a crash's temp file. */
    private static void litter(Path dir) throws Exception {
        Files.writeString(dir.resolve("20990101-000000-000-000.json"), "{not json");
        Files.writeString(dir.resolve("20990101-000000-000-001.json"), "[]");
        Files.writeString(dir.resolve("notes.txt"), "someone else's");
        Files.writeString(dir.resolve("backup.json"), "{}");
        Files.createDirectories(dir.resolve("lost+found"));
        Files.write(dir.resolve(".20990101-000000-000-002-123.tmp"), new byte[0]);
        Files.createDirectories(dir.resolve("experiments"));
        Files.writeString(dir.resolve("experiments").resolve("20990101-000000-000-003.json"), "{\"id\":");
    }

    /** What {@link #litter} put there is skipped with a log line, the temp file removed, and the service works. */
    private static void assertLitterIgnored(LoadgenService lg, String id, Path dir) throws Exception {
        assertEquals(200, lg.get("/q/health/ready").statusCode(), lg.get("/q/health/ready").body());
        JsonNode runs = lg.json("/runs");
        assertEquals(1, runs.get("total").asInt(), runs.toString());
        assertEquals(id, runs.get("items").get(0).get("id").asText());
        String log = lg.log();
        assertTrue(log.contains("Skipping unreadable run file") && log.contains("20990101-000000-000-000.json"), log);
        assertTrue(log.contains("20990101-000000-000-001.json"), log);
        assertTrue(log.contains("Skipping unreadable experiment file"), log);
        assertTrue(log.contains("Ignoring 2 file(s)") && log.contains("notes.txt") && log.contains("backup.json"), log);
        assertFalse(Files.exists(dir.resolve(".20990101-000000-000-002-123.tmp")), "a crash's temp file is removed");
        assertEquals("completed", lg.awaitFinished("/runs/" + lg.started("/runs", run("300ms"))).get("state").asText());
    }

    @Test
    void aReadOnlyDataDirHoldingARunningRecordStillStarts() throws Exception {
        try (Tmpfs fs = Tmpfs.mount("4m")) {
            Path dir = fs.dir();
            String id;
            try (LoadgenService lg = LoadgenService.start(dir)) {
                id = lg.started("/runs", run("60s"));
                lg.kill9();
            }
            assertEquals("running", onDisk(dir, id).get("state").asText());
            fs.readOnly();
            try (LoadgenService lg = LoadgenService.start(dir)) {
                JsonNode restored = lg.json("/runs/" + id);
                assertEquals("failed", restored.get("state").asText());
                assertTrue(restored.get("failure").asText().contains("stopped while this run was active"), restored.toString());

                HttpResponse<String> ready = lg.get("/q/health/ready");
                assertEquals(503, ready.statusCode(), ready.body());
                assertTrue(ready.body().contains("Read-only file system"), ready.body());
                HttpResponse<String> r = lg.post("/runs", run("1s"));
                assertEquals(503, r.statusCode(), r.body());
                assertTrue(JSON.readTree(r.body()).get("msg").asText().contains("Read-only file system"), r.body());
                assertEquals(1, count(lg.log(), "Cannot persist run " + id), "logged once: " + lg.log());

                fs.readWrite();
                awaitReady(lg);
                assertEquals("failed", onDisk(dir, id).get("state").asText(), "written once the dir took it");
                String next = lg.started("/runs", run("300ms"));
                assertEquals("completed", lg.awaitFinished("/runs/" + next).get("state").asText());
            } finally {
                fs.readWrite();
            }
        }
    }

    @Test
    void anEmptyReadOnlyDataDirAnswers503NotA500() throws Exception {
        try (Tmpfs fs = Tmpfs.mount("1m")) {
            fs.readOnly();
            try (LoadgenService lg = LoadgenService.start(fs.dir())) {
                assertEquals(503, lg.get("/q/health/ready").statusCode());
                HttpResponse<String> r = lg.post("/experiments", experiment());
                assertEquals(503, r.statusCode(), r.body());
                assertEquals(fs.dir().toAbsolutePath().toString(), JSON.readTree(r.body()).get("dataDir").asText());
            } finally {
                fs.readWrite();
            }
        }
    }

    /** The report kept is the one measured: its exact counts. */
    static void assertSameReport(JsonNode expected, JsonNode actual) {
        for (String field : List.of("requests", "bytesReceived", "durationSeconds")) {
            assertEquals(expected.get(field), actual.get(field), field + " of " + actual);
        }
    }

    static JsonNode onDisk(Path dir, String id) throws Exception {
        return JSON.readTree(dir.resolve(id + ".json").toFile());
    }

    static List<String> temps(Path dir) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList();
        }
    }

    static void awaitReady(LoadgenService lg) throws Exception {
        for (int i = 0; i < 300; i++) {
            if (lg.get("/q/health/ready").statusCode() == 200) {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError("not ready 30 s after the data dir was fixed: " + lg.get("/q/health/ready").body());
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
