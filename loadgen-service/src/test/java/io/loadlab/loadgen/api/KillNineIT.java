package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * kill -9 of the packaged loadgen mid-run and mid-experiment: after a restart the job that was active is
 * failed with the reason, and everything finished before it is intact. Real processes, real target, real files.
 */
@SystemTest
class KillNineIT {

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    @TempDir
    Path dir;

    private static String run(String duration) {
        return "{\"kind\":\"http\",\"target\":\"" + target.testApi() + "\",\"method\":\"POST\","
                + "\"headers\":{\"Content-Type\":\"application/json\"},\"body\":\"{\\\"number\\\": 2}\","
                + "\"threads\":1,\"connections\":2,\"timeout\":\"2s\",\"warmup\":\"0s\",\"duration\":\"" + duration + "\"}";
    }

    @Test
    void midRun() throws Exception {
        String before;
        JsonNode report;
        String active;
        try (LoadgenService lg = LoadgenService.start(dir)) {
            before = lg.started("/runs", run("300ms"));
            assertEquals("completed", lg.awaitFinished("/runs/" + before).get("state").asText());
            report = lg.json("/runs/" + before + "/report");
            active = lg.started("/runs", run("60s"));
            awaitRequests(lg, active);
            lg.kill9();
        }
        try (LoadgenService lg = LoadgenService.start(dir)) {
            JsonNode died = lg.json("/runs/" + active);
            assertEquals("failed", died.get("state").asText(), died.toString());
            assertTrue(died.get("failure").asText().contains("stopped while this run was active"), died.toString());
            assertEquals("completed", lg.json("/runs/" + before).get("state").asText());
            assertEquals(report, lg.json("/runs/" + before + "/report"), "the finished run's report is intact");
            assertEquals(200, lg.get("/q/health/ready").statusCode());
            assertEquals("completed", lg.awaitFinished("/runs/" + lg.started("/runs", run("300ms"))).get("state").asText(),
                    "the dead run holds no slot");
        }
    }

    @Test
    void midExperiment() throws Exception {
        String base = target.base();
        String spec = "{\"targets\":[{\"name\":\"local\",\"url\":\"" + base + "/test/testApi\",\"metrics\":\"" + base
                + "/q/metrics\",\"cores\":1}],\"variants\":[{\"number\":2,\"connections\":2,\"threads\":1},"
                + "{\"number\":3,\"connections\":2,\"threads\":1},{\"number\":4,\"connections\":2,\"threads\":1}],"
                + "\"duration\":\"1s\",\"warmup\":\"100ms\",\"linkMbps\":10000}";
        String id;
        JsonNode firstCell;
        try (LoadgenService lg = LoadgenService.start(dir)) {
            id = lg.started("/experiments", spec);
            firstCell = awaitCells(lg, id);
            lg.kill9();
        }
        try (LoadgenService lg = LoadgenService.start(dir)) {
            JsonNode x = lg.json("/experiments/" + id);
            assertEquals("failed", x.get("state").asText(), x.toString());
            assertTrue(x.get("failure").asText().contains("stopped while this experiment was active"), x.toString());
            assertTrue(x.get("cells").size() >= 1 && x.get("cells").size() < 3, x.toString());
            assertEquals(firstCell, x.get("cells").get(0), "the cell finished before the crash is intact");
            JsonNode cellRun = lg.json("/runs/" + firstCell.get("runId").asText());
            assertEquals("completed", cellRun.get("state").asText());
            for (JsonNode run : lg.json("/runs").get("items")) {
                String state = run.get("state").asText();
                assertTrue("completed".equals(state) || "failed".equals(state)
                        && run.get("failure").asText().contains("stopped while this run was active"), run.toString());
            }
            assertEquals("completed", lg.awaitFinished("/runs/" + lg.started("/runs", run("300ms"))).get("state").asText(),
                    "the dead experiment holds no slot");
        }
    }

    private static void awaitRequests(LoadgenService lg, String id) throws Exception {
        for (int i = 0; i < 300; i++) {
            JsonNode run = lg.json("/runs/" + id);
            if (run.path("progress").path("requests").asLong() > 0) {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError("run " + id + " sent nothing within 30 s");
    }

    private static JsonNode awaitCells(LoadgenService lg, String id) throws Exception {
        for (int i = 0; i < 600; i++) {
            JsonNode x = lg.json("/experiments/" + id);
            assertEquals("running", x.get("state").asText(), x.toString());
            if (x.get("cells").size() >= 1) {
                return x.get("cells").get(0);
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        throw new AssertionError("experiment " + id + " finished no cell within 30 s");
    }
}
