package io.loadlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.local.LoadgenBinary;
import io.loadlab.cli.report.JunitSchema;
import io.loadlab.testsupport.FreePorts;
import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.ServiceJar;
import io.loadlab.testsupport.SystemTest;
import io.loadlab.testsupport.TargetService;
import org.apache.maven.plugin.surefire.log.api.NullConsoleLogger;
import org.apache.maven.plugins.surefire.report.ReportTestCase;
import org.apache.maven.plugins.surefire.report.ReportTestSuite;
import org.apache.maven.plugins.surefire.report.TestSuiteXmlParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * bin/loadlab as a pipeline runs it, against the real target and a real loadgen started once for the class: each
 * exit code from a real cause, the files it writes, its progress on a pseudo-terminal and in a log, Ctrl-C.
 * Runs are 2 s at 200 requests/s (little CPU beside other builds; the Ctrl-C one is cut after its start). What needs no
 * loadgen (a bad command line, an unreachable one) is {@link CliTest}'s, in-process.
 */
@SystemTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LoadlabCommandIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TargetService target;
    private LoadgenService loadgen;
    private Path dir;

    @BeforeAll
    void start() throws Exception {
        dir = Files.createDirectories(Path.of(System.getProperty("loadlab.work.dir", "target/it"))
                .resolve("loadlab-" + ProcessHandle.current().pid()));
        target = TargetService.start();
        loadgen = LoadgenService.start(dir.resolve("loadgen-data"));
    }

    @AfterAll
    void stop() {
        if (loadgen != null) {
            loadgen.close();
        }
        if (target != null) {
            target.close();
        }
    }

    private Path spec(String name, String targetUrl, String duration, String extra) throws IOException {
        return Files.writeString(dir.resolve(name), """
                {"kind":"http","target":"%s","method":"POST","headers":{"Content-Type":"application/json"},
                 "body":"{\\"number\\": 2}","connections":4,"threads":1,"duration":"%s","warmup":"0s","rate":200,
                 "keepAlive":true,"timeout":"2s"%s}""".formatted(targetUrl, duration, extra));
    }

    private Command loadlab(List<String> prefix, String... args) throws IOException {
        return Command.start(dir, prefix, List.of(args), Map.of("LOADLAB_TOKEN", LoadgenService.TOKEN));
    }

    private String url() {
        return loadgen.uri("").toString();
    }

    @Test
    void aPassingRunExitsZeroWritesItsFilesAndLogsPlainLines() throws Exception {
        Path spec = spec("ok.json", target.testApi().toString(), "2s", ",\"thresholds\":{\"requests\":\">= 1\"}");
        Path token = Files.writeString(dir.resolve("token"), LoadgenService.TOKEN + "\n");
        Command c = Command.start(dir, List.of(), List.of("run", spec.toString(), "--url", url(), "--token-file",
                token.toString(), "--junit", "ok.xml", "--json", "ok.json.out", "--html", "ok.html"), Map.of());
        assertEquals(0, c.exit(60), c.describe());
        String out = c.out();
        assertFalse(out.contains("\r"), "a log gets whole lines, no redraws:\n" + out);
        assertTrue(out.lines().anyMatch(l -> l.matches("\\[[#-]{20}]\\s+\\d+\\.\\d/2\\.0 s  requests [\\d,]+ .*")), out);
        assertTrue(out.contains("Requests/sec:"), "the wrk text report:\n" + out);

        JsonNode record = JSON.readTree(dir.resolve("ok.json.out").toFile());
        assertEquals("completed", record.get("state").asText());
        assertEquals("<redacted>", record.at("/spec/body").asText(), "files are written as any reader sees the run");
        String id = record.get("id").asText();
        assertTrue(out.contains("run " + id + " started"), out);
        Document junit = JunitSchema.valid(Files.readString(dir.resolve("ok.xml")));
        assertEquals("2", junit.getDocumentElement().getAttribute("tests"));
        assertEquals("0", junit.getDocumentElement().getAttribute("failures"));
        assertEquals("run completed", ((Element) junit.getElementsByTagName("testcase").item(0)).getAttribute("name"));
        assertEquals("requests >= 1", ((Element) junit.getElementsByTagName("testcase").item(1)).getAttribute("name"));
        assertTrue(record.at("/gate/passed").asBoolean(), record.get("gate").toString());
        assertTrue(out.contains("\nGate: PASS\n"), out);
        String html = Files.readString(dir.resolve("ok.html"));
        assertTrue(html.contains(id) && html.contains("<style>") && !html.contains("<script src=\"/"),
                "the page, its own scripts and styles inlined");
    }

    @Test
    void aThresholdThatCannotPassExitsOneWithItsActualInTheJunitXml() throws Exception {
        Path spec = spec("gated.json", target.testApi().toString(), "2s",
                ",\"thresholds\":{\"p99Millis\":\"< 0.001\",\"errorRate\":\"< 0.5\"}");
        Command c = loadlab(List.of(), "run", spec.toString(), "--url", url(), "--junit", "gated.xml", "--json",
                "gated.out.json", "--quiet");
        assertEquals(1, c.exit(60), c.describe());
        JsonNode gate = JSON.readTree(dir.resolve("gated.out.json").toFile()).get("gate");
        assertFalse(gate.get("passed").asBoolean());
        JsonNode p99 = gate.get("thresholds").get(0);
        assertEquals("p99Millis", p99.get("name").asText());
        Document junit = JunitSchema.valid(Files.readString(dir.resolve("gated.xml")));
        assertEquals("3", junit.getDocumentElement().getAttribute("tests"));
        assertEquals("1", junit.getDocumentElement().getAttribute("failures"));
        Element failure = (Element) junit.getElementsByTagName("failure").item(0);
        assertEquals("p99Millis: actual " + number(p99.get("actual").asDouble()) + ", limit < 0.001",
                failure.getAttribute("message"));
        assertEquals("p99Millis < 0.001", ((Element) failure.getParentNode()).getAttribute("name"));
        // as Maven's report plugin reads it: 3 tests, the threshold the one failure, with its actual
        List<ReportTestSuite> suites = new TestSuiteXmlParser(new NullConsoleLogger()).parse(dir.resolve("gated.xml").toString());
        // (it groups test cases by class name: the run's and its thresholds')
        assertEquals(3, suites.stream().mapToInt(ReportTestSuite::getNumberOfTests).sum());
        assertEquals(1, suites.stream().mapToInt(ReportTestSuite::getNumberOfFailures).sum());
        ReportTestCase failed = suites.stream().flatMap(t -> t.getTestCases().stream()).filter(ReportTestCase::hasFailure)
                .findFirst().orElseThrow();
        assertEquals("p99Millis < 0.001", failed.getName());
        assertEquals(failure.getAttribute("message"), failed.getFailureMessage());
        assertTrue(c.out().contains("Thresholds: 1 of 2 passed\n  FAIL p99Millis < 0.001 (actual ")
                && c.out().contains("  PASS errorRate < 0.5 (actual ") && c.out().contains("Gate: FAIL ("), c.out());
        assertEquals(1, c.out().split("Gate: ", -1).length - 1, "the verdict once, the loadgen's or the command's");
    }

    @Test
    void aRunAThresholdAbortsExitsOneNotThree() throws Exception {
        // every request a 404: errors pass 10 within the first second, and the loadgen ends the run there
        Path spec = spec("aborted.json", target.base() + "/nothing-here", "30s",
                ",\"thresholds\":{\"errors\":{\"limit\":\"< 10\",\"abortOnFail\":true}}");
        Command c = loadlab(List.of(), "run", spec.toString(), "--url", url(), "--quiet");
        assertEquals(1, c.exit(60), c.describe());
        assertTrue(c.out().contains("aborted by threshold errors < 10"), c.out());
    }

    @Test
    void aSpecTheApiRefusesExitsTwoNamingTheField() throws Exception {
        Path spec = spec("bad.json", target.testApi().toString(), "2s", "");
        Files.writeString(spec, Files.readString(spec).replace("\"connections\":4", "\"connections\":0"));
        Command c = loadlab(List.of(), "run", spec.toString(), "--url", url());
        assertEquals(2, c.exit(30), c.describe());
        assertTrue(c.err().contains("answered 400") && c.err().contains("\"field\":\"connections\""), c.err());
    }

    @Test
    void aRunWhoseConnectionsNeverOpenExitsThree() throws Exception {
        // it measures nothing: 1 s is enough
        Path spec = spec("closed.json", "http://127.0.0.1:" + FreePorts.tcp() + "/test/testApi", "1s", "");
        Command c = loadlab(List.of(), "run", spec.toString(), "--url", url(), "--junit", "closed.xml", "--quiet");
        assertEquals(3, c.exit(60), c.describe());
        assertTrue(c.out().contains("never opened"), c.out());
        Document junit = JunitSchema.valid(Files.readString(dir.resolve("closed.xml")));
        Element failure = (Element) junit.getElementsByTagName("failure").item(0);
        assertTrue(failure.getAttribute("message").startsWith("run failed: 4 of the 4 connections"), failure.getAttribute("message"));
    }

    @Test
    void aTerminalGetsOneLineRedrawnAndLocalStartsALoadgenOfItsOwn() throws Exception {
        Path spec = spec("tty.json", target.testApi().toString(), "2s", "");
        // script gives the command a pseudo-terminal; its own stdout (this test's file) records what the terminal
        // showed. --local: no loadgen given, one of its own is started (a second JVM start: done once, here)
        ProcessBuilder pb = new ProcessBuilder("script", "-qfec", String.join(" ", Command.script().toString(), "run",
                spec.toString(), "--local"), "/dev/null").directory(dir.toFile())
                .redirectOutput(dir.resolve("tty.out").toFile()).redirectErrorStream(true);
        // under -Pnative the loadgen --local starts is the native one too (issue 48)
        String runner = System.getProperty(ServiceJar.LOADGEN.runnerProperty(), "").strip();
        if (!runner.isEmpty()) {
            pb.environment().put(LoadgenBinary.RUNNER, runner);
        }
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "script did not end");
        String shown = Files.readString(dir.resolve("tty.out"));
        assertEquals(0, p.exitValue(), shown);
        long redraws = shown.chars().filter(ch -> ch == '\r').count() - shown.chars().filter(ch -> ch == '\n').count();
        assertTrue(redraws >= 2, "bar lines redrawn with \\r, beyond the terminal's CR LF line ends (" + redraws + "):\n" + shown);
        assertTrue(shown.contains("\r[####"), shown);
        assertTrue(shown.contains("Requests/sec:"), shown);
        String binary = runner.isEmpty() ? "loadgen-service/target/quarkus-app/quarkus-run.jar" : runner;
        assertTrue(shown.lines().anyMatch(l -> l.startsWith("starting a local loadgen from ") && l.contains(binary)),
                "--local started " + binary + ":\n" + shown);
        String url = shown.lines().map(String::strip).filter(l -> l.startsWith("local loadgen at ")).findFirst()
                .orElseThrow(() -> new AssertionError(shown)).substring("local loadgen at ".length());
        assertFalse(listens(URI.create(url).getPort()), "the local loadgen at " + url + " still listens");
    }

    @Test
    void ctrlCCancelsTheRunOnTheServerAndExits130() throws Exception {
        Path spec = spec("long.json", target.testApi().toString(), "30s", "");
        Command c = loadlab(List.of(), "run", spec.toString(), "--url", url());
        String id = null;
        for (int i = 0; i < 300 && id == null; i++) { // the id once posted, within 30 s
            id = c.out().lines().filter(l -> l.startsWith("run ") && l.contains(" started: ")).map(l -> l.split(" ")[1])
                    .findFirst().orElse(null);
            Thread.sleep(100);
        }
        assertTrue(id != null, c.describe());
        assertEquals("running", loadgen.json("/runs/" + id).get("state").asText());
        new ProcessBuilder("kill", "-INT", Long.toString(c.process.pid())).start().waitFor();
        assertEquals(130, c.exit(30), c.describe());
        assertTrue(c.err().contains("cancelled /runs/" + id), c.describe());
        assertEquals("cancelled", loadgen.awaitFinished("/runs/" + id).get("state").asText());
    }

    /**
     * Issue 42: Ctrl-C while the POST was still under way left the run it created going (3 of 13 tries), holding the
     * loadgen's only job slot. A loadgen written for the test answers the POST 1.5 s late; the interrupt comes while it
     * waits, and the command still cancels what the POST created, then exits 130.
     */
    @Test
    void ctrlCWhileThePostIsUnderWayCancelsWhatItCreated() throws Exception {
        java.util.concurrent.CountDownLatch posted = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CopyOnWriteArrayList<String> deleted = new java.util.concurrent.CopyOnWriteArrayList<>();
        com.sun.net.httpserver.HttpServer slow = com.sun.net.httpserver.HttpServer.create(
                new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        slow.createContext("/runs", exchange -> {
            String method = exchange.getRequestMethod();
            if (method.equals("POST")) {
                exchange.getRequestBody().readAllBytes();
                posted.countDown();
                sleep(1500);
                answer(exchange, 202, "{\"id\":\"slow-1\",\"state\":\"running\"}");
            } else if (method.equals("DELETE")) {
                deleted.add(exchange.getRequestURI().getPath());
                answer(exchange, 202, "{\"id\":\"slow-1\",\"state\":\"cancelled\"}");
            } else {
                answer(exchange, 200, "{\"id\":\"slow-1\",\"state\":\"running\"}");
            }
        });
        slow.start();
        try {
            Path spec = spec("slow.json", target.testApi().toString(), "30s", "");
            Command c = loadlab(List.of(), "run", spec.toString(), "--url", "http://127.0.0.1:" + slow.getAddress().getPort());
            assertTrue(posted.await(30, TimeUnit.SECONDS), c.describe());
            new ProcessBuilder("kill", "-INT", Long.toString(c.process.pid())).start().waitFor();
            assertEquals(130, c.exit(30), c.describe());
            assertEquals(List.of("/runs/slow-1"), deleted, c.describe());
            assertTrue(c.err().contains("cancelled /runs/slow-1"), c.describe());
        } finally {
            slow.stop(0);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void answer(com.sun.net.httpserver.HttpExchange exchange, int status, String json) throws IOException {
        byte[] body = json.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        try (var out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Test
    void anExperimentPrintsALinePerCellItsTableAndItsGate() throws Exception {
        Path spec = Files.writeString(dir.resolve("experiment.json"), """
                {"targets":[{"name":"local","url":"%s","metrics":"%s/q/metrics","cores":1,"linkMbps":10000}],
                 "variants":[{"number":2,"connections":4,"threads":1}],"duration":"2s","warmup":"0s",
                 "thresholds":{"p99Millis":"< 0.001"}}"""
                .formatted(target.testApi(), target.base()));
        Command c = loadlab(List.of(), "experiment", spec.toString(), "--url", url(), "--junit", "experiment.xml");
        assertEquals(1, c.exit(60), c.describe());
        assertTrue(c.out().lines().anyMatch(l -> l.matches(
                "cell 1 \\(runs 1/\\d+\\)\\s+local/n=2 c=4\\s+completed\\s+[\\d,.]+ req/s.*")), c.out());
        assertTrue(c.out().contains("verdict"), "the experiment's table:\n" + c.out());
        assertTrue(c.out().contains("  FAIL local/n=2 c=4 #1 p99Millis < 0.001 (actual "), c.out());
        assertEquals(1, c.out().split("Gate: ", -1).length - 1, "the verdict once, the loadgen's or the command's");
        Document junit = JunitSchema.valid(Files.readString(dir.resolve("experiment.xml")));
        assertEquals("experiment completed", ((Element) junit.getElementsByTagName("testcase").item(0)).getAttribute("name"));
        assertEquals("local/n=2 c=4 #1 p99Millis < 0.001",
                ((Element) junit.getElementsByTagName("testcase").item(1)).getAttribute("name"));
        assertEquals("1", junit.getDocumentElement().getAttribute("failures"));
    }

    /** A double as the command line writes it: without a trailing .0. */
    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    private static boolean listens(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
