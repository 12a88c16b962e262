package io.loadlab.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The loadgen itself, started from its packaged jar on a free loopback port with a data dir of the test's
 * choosing, so a test can fill, remount, kill -9 and restart it for real, or start several as a distributed run's
 * controller and agents. Every call carries {@link #TOKEN}.
 */
public final class LoadgenService implements AutoCloseable {

    public static final String TOKEN = "test-token";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LocalProcess process;
    private final Launch launch;
    private final String host;
    private final int port;

    private LoadgenService(LocalProcess process, Launch launch, String host, int port) {
        this.process = process;
        this.launch = launch;
        this.host = host;
        this.port = port;
    }

    /** Starts the jar on {@code dataDir} and waits until it is live (not ready: a degraded data dir keeps it unready). */
    public static LoadgenService start(Path dataDir) throws IOException, InterruptedException {
        return start(dataDir, List.of());
    }

    /**
     * As {@link #start(Path)}, with {@code properties} ({@code -Dloadgen.agents=...}, {@code -Dloadgen.agent.name=...})
     * after this class's own: a controller, or an agent with a name or version of its own.
     */
    public static LoadgenService start(Path dataDir, List<String> properties) throws IOException, InterruptedException {
        return start(dataDir, List.of(), "127.0.0.1", properties);
    }

    /**
     * As {@link #start(Path, List)}, run through {@code prefix} and listening on {@code host}: in a network namespace,
     * {@link NetnsLink#enter()} and the namespace's address (its port is picked free on this side, as for any other).
     */
    public static LoadgenService start(Path dataDir, List<String> prefix, String host, List<String> properties)
            throws IOException, InterruptedException {
        int port = FreePorts.tcp();
        List<String> jvm = new ArrayList<>(List.of("-Dquarkus.http.host=" + host, "-Dquarkus.http.port=" + port,
                "-Dloadgen.api.token=" + TOKEN, "-Dloadgen.data-dir=" + dataDir.toAbsolutePath()));
        jvm.addAll(properties);
        Launch launch = ServiceJar.LOADGEN.launch(prefix, jvm);
        LocalProcess p = LocalProcess.startInTemp("loadgen-service", launch.command(), Map.of());
        LoadgenService lg = new LoadgenService(p, launch, host, port);
        try {
            p.awaitReady(lg.uri("/q/health/live").toString(), Duration.ofSeconds(60));
        } catch (RuntimeException | InterruptedException e) {
            p.close();
            throw e;
        }
        return lg;
    }

    /** GET with the token: the agent's reads ({@code /agent/info}) need it, the others ignore it. */
    public HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** GET with {@code Accept: text/plain} (a run's report in wrk's layout); fails unless it answers 200. */
    public String text(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(10))
                .header("Accept", "text/plain").build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new AssertionError("GET " + path + " as text answered " + r.statusCode() + ": " + r.body());
        }
        return r.body();
    }

    /** GET with a browser's {@code Accept: text/html}; fails unless it answers 200 as HTML. The page's markup. */
    public String html(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(10))
                .header("Accept", "text/html").build(), HttpResponse.BodyHandlers.ofString());
        String type = r.headers().firstValue("Content-Type").orElse("");
        if (r.statusCode() != 200 || !type.startsWith("text/html")) {
            throw new AssertionError("GET " + path + " as HTML answered " + r.statusCode() + " " + type + ": " + r.body());
        }
        return r.body();
    }

    public JsonNode json(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = get(path);
        if (r.statusCode() != 200) {
            throw new AssertionError("GET " + path + " answered " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body());
    }

    public HttpResponse<String> post(String path, String body) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + TOKEN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Uploads {@code csv} as the data file {@code name} ({@code POST /data/{name}}, text/csv); fails unless 201. */
    public void upload(String name, String csv) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri("/data/" + name)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + TOKEN).header("Content-Type", "text/csv")
                .POST(HttpRequest.BodyPublishers.ofString(csv)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201) {
            throw new AssertionError("POST /data/" + name + " answered " + r.statusCode() + ": " + r.body());
        }
    }

    /** Posts and expects 202; the new job's id. */
    public String started(String path, String body) throws IOException, InterruptedException {
        HttpResponse<String> r = post(path, body);
        if (r.statusCode() != 202) {
            throw new AssertionError("POST " + path + " answered " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body()).get("id").asText();
    }

    /** Polls {@code path} until its state is no longer running or queued, within 60 s. */
    public JsonNode awaitFinished(String path) throws IOException, InterruptedException {
        for (int i = 0; i < 600; i++) {
            HttpResponse<String> r = get(path);
            if (r.statusCode() == 429) {
                // every read slot (loadgen.api.max-concurrent-reads) busy, as under a test's own read storm: the
                // answer asks for a retry after 1 s (ReadWhileRunningIT's poll was refused so once in CI)
                TimeUnit.SECONDS.sleep(1);
                i += 9;
                continue;
            }
            if (r.statusCode() != 200) {
                throw new AssertionError("GET " + path + " answered " + r.statusCode() + ": " + r.body());
            }
            JsonNode x = JSON.readTree(r.body());
            String state = x.get("state").asText();
            if (!"running".equals(state) && !"queued".equals(state)) {
                return x;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError(path + " still active after 60 s");
    }

    /** Which binary runs (the JVM jar or the native runner) and its command line. */
    public Launch launch() {
        return launch;
    }

    public String log() {
        return process.log();
    }

    /** SIGKILL, no shutdown hook: what a crash or the OOM killer does. */
    public void kill9() throws InterruptedException {
        process.kill9();
    }

    public URI uri(String path) {
        return URI.create("http://" + host + ":" + port + path);
    }

    /** SIGTERM and wait: a normal stop, shutdown hooks included. */
    @Override
    public void close() {
        process.close();
    }
}
