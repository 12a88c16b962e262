package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.ServiceJar;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged loadgen under a 512 file-descriptor limit (prlimit), with its API port's settings as shipped: idle
 * half-requests cannot pile up on the API port (15,500 did, and stayed past 61 s), nor can a trickled body (issue 42),
 * and a run that cannot open the connections it asked for is failed, counting the connect errors, never
 * {@code completed} with {@code errors.connect: 0} (a 5000-connection run held 4448 and said so).
 * <p>
 * The idle timeout is the one shipped (30 s, read from the packaged jar's {@code application.properties} to say so):
 * a 3 s one shortened the class by 27 s to fit a 30-minute CI, but proved a setting nobody runs (issue 42).
 */
@SystemTest
class FileDescriptorsIT {

    private static final int FD_LIMIT = 512;
    /** Over the API's cap of 256 and under the limit less the JVM's own 40 descriptors: all are accepted. */
    private static final int HALF_REQUESTS = 400;
    /** The reporter's figure: with no budget, a run this size left the process no descriptor and wedged. */
    private static final int RUN_CONNECTIONS = 5000;
    /** What the packaged jar ships ({@code quarkus.http.idle-timeout}), and what the process runs with. */
    private static final String SHIPPED_IDLE_TIMEOUT = "30s";

    /** An authenticated run spec announcing 100 kB, then a byte at a time (a slowloris past the head). */
    private static final byte[] TRICKLED_SPEC = ("POST /runs HTTP/1.1\r\nHost: loadgen\r\nAuthorization: Bearer "
            + LoadgenService.TOKEN + "\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
            .getBytes(StandardCharsets.US_ASCII);

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    @TempDir
    Path dir;

    @Test
    void idleHalfRequestsAreClosedAndARunShortOfDescriptorsFails() throws Exception {
        assertEquals(SHIPPED_IDLE_TIMEOUT, shipped("quarkus.http.idle-timeout"), "the idle timeout the jar ships");
        try (LoadgenService lg = LoadgenService.start(dir, List.of("prlimit", "--nofile=" + FD_LIMIT + ":" + FD_LIMIT, "--"),
                "127.0.0.1", List.of())) {
            URI api = lg.uri("/");
            InetSocketAddress address = new InetSocketAddress(api.getHost(), api.getPort());
            try (HalfRequests held = HalfRequests.open(address, HALF_REQUESTS);
                 HalfRequests body = HalfRequests.open(address, 1, TRICKLED_SPEC)) {
                // Each sends a byte every 200 ms and none completes its request: the idle timeout closes them all the
                // same, as Vert.x's idle timer sees whole requests, not bytes (measured: closed 3.6 s into a 3 s
                // timeout). Before, the default 30 min kept 15,500 past 61 s. The trickled body is past its head,
                // where the idle timer is reset by every byte: the request deadline closes it, with a 408 that says
                // why (before, it stayed open 99 s, answered nothing).
                for (int tick = 0; tick < 600 && held.stillOpen() + body.stillOpen() > 0; tick++) { // at most 120 s+
                    held.sweep(true);
                    body.sweep(true);
                    TimeUnit.MILLISECONDS.sleep(200);
                }
                assertEquals(0, held.stillOpen(), () -> "half-requests still open 120 s into a " + SHIPPED_IDLE_TIMEOUT
                        + " idle timeout\n" + lg.log());
                assertEquals(0, body.stillOpen(), () -> "a trickled body still open 120 s into a 30 s request timeout");
                assertTrue(body.answers().startsWith("HTTP/1.1 408 "), body.answers());
                assertTrue(body.answers().contains("loadgen.api.request-timeout"), body.answers());
            }
            assertEquals(200, lg.get("/q/health/live").statusCode(), "the API answers once they are gone");

            String id = lg.started("/runs", "{\"kind\":\"http\",\"target\":\"" + target.testApi() + "?number=1\","
                    + "\"method\":\"GET\",\"threads\":1,\"connections\":" + RUN_CONNECTIONS + ",\"keepAlive\":true,"
                    + "\"timeout\":\"2s\",\"warmup\":\"0s\",\"duration\":\"2s\"}");
            JsonNode run = lg.awaitFinished("/runs/" + id);
            JsonNode r = run.get("report");
            assertEquals("failed", run.get("state").asText(), run.toString());
            assertTrue(run.get("failure").asText().contains("never opened"), run.toString());
            assertTrue(run.get("failure").asText().contains("Too many open files"), run.toString());
            assertTrue(r.get("errors").get("connect").asLong() > 0, r.toString());
            assertEquals(RUN_CONNECTIONS, r.get("connectionsRequested").asLong(), r.toString());
            long established = r.get("connectionsEstablished").asLong();
            long never = r.get("connectionsNeverOpened").asLong();
            assertTrue(never > 0 && established > 0, r.toString());
            assertEquals(RUN_CONNECTIONS, established + never, "with keep-alive every connection tries at the start: " + r);
            assertTrue(r.get("requests").asLong() > 0, "what the open connections measured is kept: " + r);
            String text = lg.text("/runs/" + id + "/report");
            assertTrue(text.contains("Connections: " + never + " of " + RUN_CONNECTIONS + " never opened"), text);
            assertEquals(200, lg.get("/q/health/live").statusCode(), "the loadgen still answers after the run");
        }
    }

    /** A property as the packaged jar's {@code application.properties} has it (the test classpath has the tests'). */
    private static String shipped(String key) throws IOException {
        Path app = ServiceJar.LOADGEN.path().resolveSibling("app");
        try (Stream<Path> jars = Files.list(app)) {
            Path jar = jars.filter(p -> p.getFileName().toString().startsWith("loadgen-service")).findFirst()
                    .orElseThrow(() -> new AssertionError("no loadgen-service jar in " + app));
            try (JarFile j = new JarFile(jar.toFile())) {
                JarEntry entry = j.getJarEntry("application.properties");
                assertTrue(entry != null, "no application.properties in " + jar);
                Properties p = new Properties();
                try (InputStream in = j.getInputStream(entry)) {
                    p.load(in);
                }
                return p.getProperty(key);
            }
        }
    }
}
