package io.loadlab.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.client.api.ExperimentsApi;
import io.loadlab.client.api.RunsApi;
import io.loadlab.client.model.ExperimentRecord;
import io.loadlab.client.model.ExperimentSpec;
import io.loadlab.client.model.ExperimentTarget;
import io.loadlab.client.model.HttpRunSpec;
import io.loadlab.client.model.IperfSpec;
import io.loadlab.client.model.RunSpec;
import io.loadlab.client.model.RunState;
import io.loadlab.client.model.RunView;
import io.loadlab.client.model.UdpPingPongSpec;
import io.loadlab.client.model.UdpThroughputSpec;
import io.loadlab.client.model.UdpUnderLoadSpec;
import io.loadlab.client.model.Variant;
import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.TargetService;
import io.loadlab.testsupport.TempDirs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Java client generated at build time from {@code openapi.json} (openapi-generator, library {@code native}) drives
 * the packaged services as a platform team's pipeline would: a run of every kind posted, polled and read (JSON and
 * text report, histogram), one cancelled, an experiment posted and followed, and a refusal read as a typed
 * {@code ApiError}. First, that document is the one the packaged loadgen serves, so the client is the API's own.
 */
class GeneratedClientIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static TargetService target;
    private static LoadgenService loadgen;
    private static ApiClient client;
    private static Path data;

    @BeforeAll
    static void start() throws Exception {
        target = TargetService.start();
        data = Files.createTempDirectory("generated-client-");
        loadgen = LoadgenService.start(data);
        client = client(b -> { });
    }

    /** A client of the loadgen sending the token; {@code more} changes each request last. */
    private static ApiClient client(java.util.function.Consumer<java.net.http.HttpRequest.Builder> more) {
        URI base = loadgen.uri("/");
        return new ApiClient().setScheme(base.getScheme()).setHost(base.getHost()).setPort(base.getPort())
                .setRequestInterceptor(b -> more.accept(b.header("Authorization", "Bearer " + LoadgenService.TOKEN)));
    }

    @AfterAll
    static void stop() {
        if (loadgen != null) {
            loadgen.close();
        }
        if (target != null) {
            target.close();
        }
        TempDirs.remove(data);
    }

    @Test
    void theClientWasGeneratedFromTheDocumentThePackagedServiceServes() throws Exception {
        Path file = Path.of(System.getProperty("loadlab.api.document", "openapi.json"));
        JsonNode committed = JSON.readTree(file.toFile());
        JsonNode served = JSON.readTree(loadgen.text("/q/openapi?format=json"));
        assertEquals(committed, served, "the API changed: review the change for clients, then write the served document to "
                + file + " (curl -s 'http://<loadgen>/q/openapi?format=json' | python3 -m json.tool --indent 2)");
    }

    @Test
    void aRunOfEveryKindIsPostedPolledAndRead() throws Exception {
        RunsApi runs = new RunsApi(client);
        String api = target.testApi().toString();
        List<RunSpec> specs = List.of(
                new RunSpec(new HttpRunSpec().kind(HttpRunSpec.KindEnum.HTTP).target(URI.create(api)).method("POST")
                        .headers(Map.of("Content-Type", "application/json")).body("{\"number\": 2}")
                        .connections(2).rate(BigDecimal.valueOf(200)).duration("1s").timeout("2s")),
                new RunSpec(new UdpThroughputSpec().kind(UdpThroughputSpec.KindEnum.UDP_THROUGHPUT).target(target.udp())
                        .messageSize(64).rate(BigDecimal.valueOf(1000)).duration("1s")),
                new RunSpec(new UdpPingPongSpec().kind(UdpPingPongSpec.KindEnum.UDP_PINGPONG).target(target.udp())
                        .messageSize(64).duration("1s")),
                new RunSpec(new UdpUnderLoadSpec().kind(UdpUnderLoadSpec.KindEnum.UDP_UNDERLOAD).target(target.udp())
                        .messageSize(64).rate(BigDecimal.valueOf(1000)).replyEvery(10).duration("1s")),
                new RunSpec(new IperfSpec().kind(IperfSpec.KindEnum.IPERF).target(target.iperf())
                        .protocol(IperfSpec.ProtocolEnum.TCP).streams(1).direction(IperfSpec.DirectionEnum.UP).duration("1s")));
        for (RunSpec spec : specs) {
            RunView started = runs.createRun(spec);
            RunView done = awaitFinished(runs, started.getId());
            assertEquals(RunState.COMPLETED, done.getState(), "run " + done);
            assertEquals(started.getKind(), done.getKind());
            assertNotNull(done.getReport(), "the view's report");
            Object json = runs.getRunReport(done.getId());
            assertTrue(json instanceof Map<?, ?> m && !m.isEmpty(), "JSON report of " + done.getKind() + ": " + json);
            // The generated operation parses whatever comes back as JSON (its 200 has two media types), so the text
            // layout is read through the generated client's own HTTP client, base URI and token.
            java.net.http.HttpRequest.Builder asText = java.net.http.HttpRequest.newBuilder(
                    URI.create(client.getBaseUri() + "/runs/" + done.getId() + "/report")).header("Accept", "text/plain");
            client.getRequestInterceptor().accept(asText);
            String text = client.getHttpClient().send(asText.build(), java.net.http.HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(!text.isBlank() && !text.startsWith("{"), "text report of " + done.getKind() + ": " + text);
        }
        String http = runs.listRuns("0", "50").getItems().stream().filter(r -> "http".equals(r.getKind())).findFirst()
                .orElseThrow().getId();
        String histogram = runs.getRunHistogram(http, null);
        assertTrue(histogram.contains("HistogramLog") || histogram.startsWith("#"), histogram);
    }

    @Test
    void aRunIsCancelledAndARefusalReadsAsATypedApiError() throws Exception {
        RunsApi runs = new RunsApi(client);
        RunView started = runs.createRun(new RunSpec(new HttpRunSpec().kind(HttpRunSpec.KindEnum.HTTP).target(target.testApi())
                .connections(1).rate(BigDecimal.valueOf(10)).duration("60s")));
        runs.cancelRun(started.getId());
        assertEquals(RunState.CANCELLED, awaitFinished(runs, started.getId()).getState());

        ApiException refused = assertThrows(ApiException.class, () -> runs.createRun(new RunSpec(new HttpRunSpec()
                .kind(HttpRunSpec.KindEnum.HTTP).target(target.testApi()).connections(0).duration("1s"))));
        assertEquals(400, refused.getCode());
        io.loadlab.client.model.ApiError error = new JSON().getMapper().readValue(refused.getResponseBody(),
                io.loadlab.client.model.ApiError.class);
        assertEquals(400, error.getCode());
        assertTrue(error.getViolations().stream().anyMatch(v -> "connections".equals(v.getField())), error.toString());
    }

    @Test
    void anExperimentIsPostedAndFollowedToItsVerdict() throws Exception {
        ExperimentsApi experiments = new ExperimentsApi(client);
        ExperimentRecord started = experiments.createExperiment(new ExperimentSpec().name("generated-client")
                .duration("1s").warmup("0s")
                .targets(List.of(new ExperimentTarget().name("local").url(target.testApi())
                        .metrics(URI.create(target.base() + "/q/metrics")).cores(1).linkMbps(10_000.0)))
                .variants(List.of(new Variant().number(2).connections(2).threads(1))));
        ExperimentRecord done = started;
        for (int i = 0; i < 600 && !done.getState().getValue().matches("completed|failed|cancelled"); i++) {
            TimeUnit.MILLISECONDS.sleep(100);
            done = experiments.getExperiment(started.getId());
        }
        assertEquals("completed", done.getState().getValue(), "experiment " + done);
        assertEquals(1, done.getCells().size(), done.toString());
    }

    private static RunView awaitFinished(RunsApi runs, String id) throws Exception {
        RunView view = runs.getRun(id);
        for (int i = 0; i < 600 && (view.getState() == RunState.QUEUED || view.getState() == RunState.RUNNING); i++) {
            TimeUnit.MILLISECONDS.sleep(100);
            view = runs.getRun(id);
        }
        return view;
    }
}
